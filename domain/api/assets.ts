import { z } from "zod";
import { RECORD_STATUS_LABELS, RECORD_TYPES } from "../asset-record";
import { isRechargeReference } from "../random-reference";
import { MINOR_AMOUNT_PATTERN } from "../usdt-amount";
import { WITHDRAW_NETWORK } from "../withdraw-rules";
import { amountString } from "./envelope";
import { pageFields } from "./page";

/* Asset calls: transfer, chain recharge, records and withdrawals. Amounts are minor units, decimal strings. */

/** micro-USDT, a positive integer as a decimal string. */
const microUsdtField = z
  .string()
  .regex(MINOR_AMOUNT_PATTERN, "amount must be a positive whole number of micro-USDT, as a string");

/** POST asset/transfer: withdrawUsdt → amountUsdt, with the fund password. */
export const transferBody = z.strictObject({
  amount: microUsdtField,
  password: z.string().min(1).max(128),
});
export type TransferInput = z.input<typeof transferBody>;

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

/** POST asset/chain/recharge: the intent registered before the wallet pays. */
export const rechargeIntentBody = z.strictObject({
  /** The 13-digit random the wallet passes to the game contract's `recharge`. */
  reference: z.string().refine(isRechargeReference, "reference must be exactly 13 digits"),
  /** micro-USDT the user is about to send. */
  amount: microUsdtField,
});
export type RechargeIntentInput = z.input<typeof rechargeIntentBody>;

/** POST asset/records; no body at all asks for the first page (the validator reads it as `{}`). */
export const assetRecordsBody = z.strictObject({
  ...pageFields,
  type: z.enum(RECORD_TYPES).optional(),
  currency: z.enum(["CNY", "USDT"]).optional(),
  status: z.enum(RECORD_STATUS_LABELS).optional(),
});
export type AssetRecordsQuery = z.input<typeof assetRecordsBody>;

/** A ledger record as the API answers it. */
export const assetRecord = z.object({
  id: z.number().int(),
  type: z.enum(RECORD_TYPES),
  currency: z.enum(["CNY", "USDT"]),
  /** Signed minor units (fen, micro-USDT): negative when money left the balance. */
  amount: amountString,
  status: z.enum(RECORD_STATUS_LABELS),
  /** Epoch ms. */
  time: z.number().int(),
  updatedAt: z.number().int(),
  txHash: z.string().nullable(),
  /** From the server's explorer template, when configured. */
  explorerUrl: z.string().nullable(),
  address: z.string().nullable(),
  ref: z.string().nullable(),
  note: z.string().nullable(),
  /** A Pending recharge whose payment is seen, not yet credited: blocks so far of those required; else null. */
  confirmations: z.object({ count: z.number().int(), required: z.number().int() }).nullable(),
});
export type AssetRecord = z.infer<typeof assetRecord>;

/** POST asset/withdraw. */
export const withdrawBody = z.strictObject({
  /**
   * Network (specification §9): 2 = BSC BEP20, 3 = TRON TRC20 (refused). Optional: the shop's
   * form of §7 sends only address, amount and password, and BSC is the one network paid.
   */
  type: z.number().int().min(1).max(99).default(WITHDRAW_NETWORK.BSC),
  // Any text here, so TRON is refused with the specification's message before the address is judged.
  address: z.string().min(1).max(128),
  /** micro-USDT, a positive integer as a decimal string. */
  amount: microUsdtField,
  password: z.string().min(1).max(128),
});
export type WithdrawInput = z.input<typeof withdrawBody>;

/** The Pending withdrawal (amount positive, micro-USDT) and withdrawUsdt after its debit. */
export const withdrawReply = z.object({
  id: z.number().int(),
  status: z.literal("Pending"),
  amount: amountString,
  address: z.string(),
  withdrawUsdt: amountString,
});
export type WithdrawResult = z.infer<typeof withdrawReply>;

/** POST admin/withdraw/list (operator). */
export const adminWithdrawalsBody = z.strictObject({
  ...pageFields,
  status: z.enum(["Pending", "Success", "Failed"]).optional(),
});

/** A withdrawal of any user as the operator sees it: its record, owner and each on-chain attempt. */
export const adminWithdrawal = assetRecord.extend({
  /** The stored state: "sending" tells an operator a transaction is out. */
  state: z.enum(["pending", "sending", "success", "failed", "reversed"]),
  attempts: z.number().int(),
  userId: z.number().int(),
  userAddress: z.string().nullable(),
  /** The record of the retry of this failed withdrawal, once retried. */
  retriedAs: z.number().int().nullable(),
  payouts: z.array(
    z.object({
      txHash: z.string(),
      nonce: z.number().int(),
      from: z.string(),
      /** uint256 base units of the token. */
      tokenAmount: amountString,
      status: z.enum(["signed", "mined", "reverted", "dropped"]),
      /** Since when the node has not known this attempt although its nonce is used (the replacement window runs). */
      goneSince: z.number().int().nullable(),
      time: z.number().int(),
    }),
  ),
});

/** POST admin/withdraw/retry/{id}: the new Pending withdrawal that retries the failed one. */
export const retryWithdrawalReply = withdrawReply.extend({ retryOf: z.number().int() });
