import { z } from "zod";
import { amountString } from "./envelope";
import { pageFields } from "./page";

/* The operators' view of users: `GET admin/users?q=` and `GET admin/users/{id}/ledger`. */

/**
 * GET admin/users `?q&page&limit`: a full address, the start of one (`0x` and at least 4 hex
 * digits), an email (with `@`) or an invitation code; case does not matter.
 */
export const userSearchQuery = z.strictObject({
  q: z.string().trim().min(1, "q is required").max(254),
  ...pageFields,
});

/** A user as an operator sees them, with every balance (minor units as decimal strings). */
export const adminUser = z.object({
  id: z.number().int(),
  address: z.string(),
  invitationCode: z.string(),
  email: z.string().nullable(),
  nickname: z.string().nullable(),
  inviterId: z.number().int().nullable(),
  createdAt: z.number().int(),
  registeredAt: z.number().int().nullable(),
  /** CNY fen. */
  amountCny: amountString,
  /** Spendable micro-USDT. */
  amountUsdt: amountString,
  /** Withdrawable micro-USDT. */
  withdrawUsdt: amountString,
  /** micro-USDT owed after a reversed recharge. */
  debtUsdt: amountString,
});
export type AdminUser = z.infer<typeof adminUser>;

/** GET admin/users/{id}/ledger `?currency&page&limit`: newest first. */
export const userLedgerQuery = z.strictObject({
  currency: z.enum(["CNY", "USDT", "WUSDT", "DEBT"]).optional(),
  ...pageFields,
});

export const ledgerEntry = z.object({
  id: z.number().int(),
  /** CNY = amountCny, USDT = amountUsdt, WUSDT = withdrawUsdt, DEBT = debtUsdt. */
  currency: z.enum(["CNY", "USDT", "WUSDT", "DEBT"]),
  delta: amountString,
  balanceAfter: amountString,
  kind: z.string(),
  ref: z.string().nullable(),
  createdAt: z.number().int(),
});
