import { WITHDRAW_NETWORK } from "@domain/withdraw-rules";

/**
 * The withdraw popup's options (specification §2, §9): option type 1, BSC BEP20 (network 2)
 * and TRON TRC20 (network 3, refused). The popup shows those whose type matches its payment info.
 */
export interface WithdrawOption {
  id: "BSC" | "TRON";
  type: number;
  network: number;
  name: string;
}

export const WITHDRAW_OPTIONS: readonly WithdrawOption[] = [
  { id: "BSC", type: 1, network: WITHDRAW_NETWORK.BSC, name: "BSC BEP20" },
  { id: "TRON", type: 1, network: WITHDRAW_NETWORK.TRON, name: "TRON TRC20" },
];

/** What the popup is opened with: the payment info object of the specification. */
export interface PaymentInfo {
  type: number;
  name?: string;
}

/** The USDT withdrawal's payment info: option type 1. */
export const USDT_WITHDRAW_INFO: PaymentInfo = { type: 1, name: "USDT" };

export function withdrawOptionsFor(info: PaymentInfo): WithdrawOption[] {
  return WITHDRAW_OPTIONS.filter((o) => o.type === info.type);
}
