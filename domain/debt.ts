/**
 * The debt rule. When a credited recharge is reversed (its block left the chain) and the user's
 * USDT balances no longer cover it, what is missing becomes a debt in micro-USDT. While a user
 * has debt, orders, transfers and withdrawals are refused; the next USDT credits (recharges,
 * income, rewards, refunds) pay it first. Orders placed before stand.
 */

/** Shown for a refused order, transfer or withdrawal (Chinese first, like the shop's other refusals). */
export const DEBT_REFUSAL =
  "账户有未偿还的欠款，暂不能下单、划转或提现! (Outstanding debt from a reversed recharge: orders, transfers and withdrawals are blocked until it is repaid)";

/** True when spending is blocked: any debt at all. */
export function debtBlocksSpending(debtMicroUsdt: bigint): boolean {
  return debtMicroUsdt > 0n;
}

/** How much of a credit goes to the debt first: all of it, up to the debt. */
export function debtRepayment(debtMicroUsdt: bigint, creditMicroUsdt: bigint): bigint {
  if (debtMicroUsdt <= 0n || creditMicroUsdt <= 0n) return 0n;
  return creditMicroUsdt < debtMicroUsdt ? creditMicroUsdt : debtMicroUsdt;
}
