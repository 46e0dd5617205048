import { z } from "zod";
import { amountString } from "./envelope";

/* Asset calls: transfer and chain recharge. Amounts are micro-USDT, decimal strings. */

/** POST asset/transfer: the transfer's record and both balances after it. */
export const transferReply = z.object({
  id: z.number().int(),
  amount: amountString,
  withdrawUsdt: amountString,
  amountUsdt: amountString,
});
export type TransferResult = z.infer<typeof transferReply>;

/** POST asset/chain/recharge: the pending recharge the wallet's payment will complete. */
export const rechargeIntentReply = z.object({
  id: z.number().int(),
  reference: z.string(),
  amount: amountString,
  status: z.literal("Pending"),
  expiresAt: z.number().int(),
});
export type RechargeIntent = z.infer<typeof rechargeIntentReply>;
