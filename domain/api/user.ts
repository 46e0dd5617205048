import { z } from "zod";
import { amountString } from "./envelope";

/* The account as the API answers it: user/info, and the calls that answer the updated account. */

/** Where an identity or bank application stands: its latest application's status, or none. */
export const applicationState = z.enum(["none", "pending", "approved", "rejected"]);
export type ApplicationState = z.infer<typeof applicationState>;

/** GET user/info (specification §3) plus the address, inviter and account state. */
export const userInfo = z.object({
  /** Lower-case 0x address. */
  address: z.string(),
  /** 2 = USDT-type account (may recharge only in USDT). */
  type: z.number().int(),
  /** CNY investment balance in fen. */
  amountCny: amountString,
  /** Spendable USDT in micro-USDT (6 decimals). */
  amountUsdt: amountString,
  /** Withdrawable USDT in micro-USDT. */
  withdrawUsdt: amountString,
  /** micro-USDT a reversed recharge left owing (domain/debt.ts): "0", or a debt that blocks spending. */
  debtUsdt: amountString,
  /** The user's own invitation code. */
  invitation: z.string(),
  /** The inviter's invitation code. */
  inviter: z.string().nullable(),
  nickname: z.string().nullable(),
  /** Masked ("a***@example.com"): the info is kept in the browser's local storage. */
  email: z.string().nullable(),
  identityStatus: applicationState,
  bankStatus: applicationState,
  fundPasswordSet: z.boolean(),
  /** False until the address registered (inviter, email, fund password). */
  registered: z.boolean(),
  /** Location of the avatar image (an upload of this user), or null. */
  avatar: z.string().nullable(),
});
export type UserInfo = z.infer<typeof userInfo>;
