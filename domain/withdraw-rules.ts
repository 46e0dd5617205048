import { refusal, type Refusal, type RefusalKey } from "./refusals";
import { DEBT_REFUSAL, debtBlocksSpending } from "./debt";
import { isEvmAddress } from "./evm-address";

/** Withdraw network codes (specification §9): BSC 2, TRON 3 (unsupported). */
export const WITHDRAW_NETWORK = { BSC: 2, TRON: 3 } as const;

/**
 * Refusals whose Chinese text the specification fixes (§5, §8): their keys in
 * domain/refusals.ts; cn says "暂不支持 TRON TRC20 USDT 提现!" and "可用USDT提现余额不足!".
 */
export const TRON_WITHDRAW_REFUSED = "withdraw.tronUnsupported" satisfies RefusalKey;
export const INSUFFICIENT_WITHDRAW_BALANCE = "withdraw.insufficient" satisfies RefusalKey;

export type WithdrawRefusal = "tron" | "network" | "address" | "minimum" | "debt" | "balance";

export interface WithdrawCheck {
  type: number;
  address: string;
  /** micro-USDT */
  amount: bigint;
}

/**
 * The checks of a withdrawal before the fund password, in the specification's order (TRON, then
 * the balance) with the address and minimum in between, and the debt rule (domain/debt.ts) just
 * before the balance: a user in debt has nothing withdrawable, and the debt is the reason.
 * Null when the request may proceed.
 */
export function withdrawRefusal(
  input: WithdrawCheck,
  limits: { withdrawUsdt: bigint; minimum: bigint; debtUsdt?: bigint },
): { reason: WithdrawRefusal; refusal: Refusal } | null {
  if (input.type === WITHDRAW_NETWORK.TRON) return { reason: "tron", refusal: refusal(TRON_WITHDRAW_REFUSED) };
  if (input.type !== WITHDRAW_NETWORK.BSC) return { reason: "network", refusal: refusal("withdraw.unknownNetwork") };
  if (!isEvmAddress(input.address)) return { reason: "address", refusal: refusal("withdraw.addressRefused") };
  if (input.amount < limits.minimum)
    return { reason: "minimum", refusal: refusal("withdraw.belowMinimum", { minimum: formatMicro(limits.minimum) }) };
  if (debtBlocksSpending(limits.debtUsdt ?? 0n)) return { reason: "debt", refusal: refusal(DEBT_REFUSAL) };
  if (input.amount > limits.withdrawUsdt) return { reason: "balance", refusal: refusal(INSUFFICIENT_WITHDRAW_BALANCE) };
  return null;
}

function formatMicro(micro: bigint): string {
  const whole = micro / 1_000_000n;
  const fraction = (micro % 1_000_000n).toString().padStart(6, "0").replace(/0+$/, "");
  return fraction ? `${whole}.${fraction}` : whole.toString();
}
