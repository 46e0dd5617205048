import { z } from "zod";
import { amountString } from "./envelope";
import { pageFields } from "./page";
import { retryWithdrawalReply } from "./assets";
import {
  ADJUST_DELTA_PATTERN,
  ADJUST_REASON_MAX,
  ADJUSTABLE_CURRENCIES,
  APPROVAL_KINDS,
  APPROVAL_STATUSES,
} from "../approval-kinds";
import { OPERATOR_ROLES } from "../operator-roles";

/*
 * Operator actions that wait for a second operator: balance adjustments and large withdrawal
 * retries (a second treasurer), grants of treasurer or admin and revocations of admin (a second
 * admin).
 */

export { ADJUSTABLE_CURRENCIES, APPROVAL_KINDS, APPROVAL_STATUSES } from "../approval-kinds";

/** POST admin/balance/adjust: a signed change in minor units, never zero, with the reason. */
export const balanceAdjustBody = z.strictObject({
  userId: z.number().int().positive(),
  currency: z.enum(ADJUSTABLE_CURRENCIES, { error: `currency must be one of ${ADJUSTABLE_CURRENCIES.join(", ")}` }),
  delta: z
    .string()
    .regex(ADJUST_DELTA_PATTERN, "delta must be a non-zero whole number of minor units (at most 15 digits), as a string"),
  reason: z.string().trim().min(1, "reason is required").max(ADJUST_REASON_MAX),
});
export type BalanceAdjustInput = z.infer<typeof balanceAdjustBody>;

/** GET admin/approvals `?status&kind&page&limit`: newest first. */
export const approvalsQuery = z.strictObject({
  status: z.enum(APPROVAL_STATUSES).optional(),
  kind: z.enum(APPROVAL_KINDS).optional(),
  ...pageFields,
});

export const balanceAdjustPayload = z.object({
  userId: z.number().int(),
  currency: z.enum(ADJUSTABLE_CURRENCIES),
  delta: amountString,
  reason: z.string(),
});
export type BalanceAdjustPayload = z.infer<typeof balanceAdjustPayload>;

export const withdrawRetryPayload = z.object({
  withdrawalId: z.number().int(),
  userId: z.number().int(),
  /** micro-USDT the retry debits. */
  amount: amountString,
  address: z.string(),
});
export type WithdrawRetryPayload = z.infer<typeof withdrawRetryPayload>;

/** A grant of `role` (treasurer or admin) to the wallet `address` (lowercase). */
export const roleGrantPayload = z.object({ address: z.string(), role: z.enum(OPERATOR_ROLES) });
export type RoleGrantPayload = z.infer<typeof roleGrantPayload>;

/** A revocation of `role` (admin) from the wallet `address` (lowercase). */
export const roleRevokePayload = z.object({ address: z.string(), role: z.enum(OPERATOR_ROLES) });
export type RoleRevokePayload = z.infer<typeof roleRevokePayload>;

/** One request: what it does (the field of its kind is set, the others null), who asked, who decided. */
export const approvalItem = z.object({
  id: z.number().int(),
  kind: z.enum(APPROVAL_KINDS),
  target: z.string(),
  balanceAdjust: balanceAdjustPayload.nullable(),
  withdrawRetry: withdrawRetryPayload.nullable(),
  roleGrant: roleGrantPayload.nullable(),
  roleRevoke: roleRevokePayload.nullable(),
  requestedBy: z.string(),
  requestedAt: z.number().int(),
  status: z.enum(APPROVAL_STATUSES),
  decidedBy: z.string().nullable(),
  decidedAt: z.number().int().nullable(),
});
export type ApprovalItem = z.infer<typeof approvalItem>;

/**
 * POST admin/withdraw/retry/{id}: the retry itself (at most WITHDRAW_RETRY_APPROVAL_USDT), or the
 * request that waits for a second treasurer (above it).
 */
export const retryWithdrawalOutcome = z.union([
  retryWithdrawalReply,
  z.object({ status: z.literal("AwaitingApproval"), approval: approvalItem }),
]);
