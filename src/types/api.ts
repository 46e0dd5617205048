/** The reply envelope of every API call (specification §7). */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** GET /base/api/user/info. Money fields are integer minor units as decimal strings. */
export interface UserInfo {
  /** Lower-case 0x address. */
  address: string;
  /** 2 = USDT-type account (may recharge only in USDT). */
  type: number;
  /** CNY investment balance in fen. */
  amountCny: string;
  /** Spendable USDT in micro-USDT (6 decimals). */
  amountUsdt: string;
  /** Withdrawable USDT in micro-USDT. */
  withdrawUsdt: string;
  /** micro-USDT owed after a reversed recharge ("0" when none); blocks spending. Optional: older stored copies lack it. */
  debtUsdt?: string;
  /** The user's own invitation code. */
  invitation: string;
  /** The inviter's invitation code. */
  inviter: string | null;
  nickname: string | null;
  /** Account state (issue 4); optional: older stored copies lack them. */
  email?: string | null;
  identityStatus?: ApplicationState;
  bankStatus?: ApplicationState;
  fundPasswordSet?: boolean;
  /** False until the address registered (inviter, email, fund password). */
  registered?: boolean;
  avatar?: string | null;
}

/** Where an identity or bank application stands: its latest status, or none. */
export type ApplicationState = "none" | "pending" | "approved" | "rejected";
