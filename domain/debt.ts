import type { RefusalKey } from "./refusals";

/**
 * The debt rule. When a credited recharge is reversed (its block left the chain) and the user's
 * USDT balances no longer cover it, what is missing becomes a debt in micro-USDT. While a user
 * has debt, orders, transfers and withdrawals are refused; the next USDT credits (recharges,
 * income, rewards, refunds) pay it first. Orders placed before stand.
 */

/** The refusal of an order, transfer or withdrawal while in debt (its key in domain/refusals.ts). */
export const DEBT_REFUSAL = "debt.blocksSpending" satisfies RefusalKey;

/** True when spending is blocked: any debt at all. */
export function debtBlocksSpending(debtMicroUsdt: bigint): boolean {
  return debtMicroUsdt > 0n;
}

/** How much of a credit goes to the debt first: all of it, up to the debt. */
export function debtRepayment(debtMicroUsdt: bigint, creditMicroUsdt: bigint): bigint {
  if (debtMicroUsdt <= 0n || creditMicroUsdt <= 0n) return 0n;
  return creditMicroUsdt < debtMicroUsdt ? creditMicroUsdt : debtMicroUsdt;
}
