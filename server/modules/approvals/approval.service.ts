import type { Kysely } from "kysely";
import type { ApprovalItem, BalanceAdjustPayload, WithdrawRetryPayload } from "../../../domain/api/approvals";
import { TOKEN_OPERATOR } from "../../../domain/operator-roles";
import type { ApprovalKind, Database } from "../../db/schema";
import { conflict, forbidden, notFound } from "../../lib/errors";
import { stringifyJson } from "../../lib/json";
import { isUniqueViolation } from "../../lib/unique-violation";
import type { Audit } from "../operators/audit";
import { decideApproval, findApproval, insertApproval, type ApprovalRow } from "./approval.repository";
import { applyApproval } from "./apply-approval";

type Payloads = { "balance.adjust": BalanceAdjustPayload; "withdraw.retry": WithdrawRetryPayload };

export function toApprovalItem(row: ApprovalRow): ApprovalItem {
  const payload: unknown = JSON.parse(row.payload);
  return {
    id: Number(row.id),
    kind: row.kind,
    target: row.target,
    balanceAdjust: row.kind === "balance.adjust" ? (payload as BalanceAdjustPayload) : null,
    withdrawRetry: row.kind === "withdraw.retry" ? (payload as WithdrawRetryPayload) : null,
    requestedBy: row.requested_by,
    requestedAt: Number(row.requested_at),
    status: row.status,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at == null ? null : Number(row.decided_at),
  };
}

/**
 * Files a request that a second operator must approve (nothing it asks for happens yet), audited
 * as `approval.request`. A second open retry of one withdrawal is refused (409).
 */
export async function requestApproval<K extends ApprovalKind>(
  db: Kysely<Database>,
  r: { kind: K; target: string; payload: Payloads[K]; requestedBy: string },
  audit: Audit,
  now = Date.now(),
): Promise<ApprovalItem> {
  try {
    return await db.transaction().execute(async (trx) => {
      const row = await insertApproval(trx, { ...r, payload: stringifyJson(r.payload), now });
      const item = toApprovalItem(row);
      await audit(trx, { action: "approval.request", target: `approval:${item.id}`, after: item });
      return item;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict("approvals.retryPending");
    throw err;
  }
}

const alreadyDecided = (row: ApprovalRow | undefined) =>
  row?.status === "rejected" ? conflict("approvals.alreadyRejected") : conflict("approvals.alreadyApproved");

/** The request, refused unless it is still pending. */
async function pendingApproval(trx: Kysely<Database>, id: bigint): Promise<ApprovalRow> {
  const current = await findApproval(trx, id);
  if (!current) throw notFound("approvals.notFound");
  if (current.status !== "pending") throw alreadyDecided(current);
  return current;
}

/**
 * A second operator approves: in one transaction the request turns approved (once, however many
 * approve at the same moment), what it asked for is carried out under the rules it would meet
 * anyway (`apply-approval.ts`), and both are audited. If carrying it out is refused (the balance
 * would go below zero, the withdrawal was retried meanwhile), everything rolls back and the
 * request stays pending: the refusal says why, and an operator decides again (rejects it, or
 * approves once the reason is gone).
 *
 * The requester cannot approve their own request (403), and the shared token approves nothing:
 * it names no person, so it cannot be the second pair of eyes.
 */
export async function approve(db: Kysely<Database>, id: bigint, by: string, audit: Audit, now = Date.now()) {
  if (by === TOKEN_OPERATOR) throw forbidden("admin.walletOnly");
  try {
    return await db.transaction().execute(async (trx) => {
      const current = await pendingApproval(trx, id);
      if (current.requested_by === by) throw forbidden("approvals.selfApproval");
      const decided = await decideApproval(trx, id, { status: "approved", by, now });
      if (!decided) throw alreadyDecided(await findApproval(trx, id));
      await applyApproval(trx, toApprovalItem(decided), audit, now);
      const item = toApprovalItem(decided);
      await audit(trx, { action: "approval.approve", target: `approval:${id}`, before: toApprovalItem(current), after: item });
      return item;
    });
  } catch (err) {
    // A retry that another retry of the same withdrawal beat to its unique row.
    if (isUniqueViolation(err)) throw conflict("withdraw.alreadyRetried");
    throw err;
  }
}

/** Rejects a pending request (any treasurer, the requester included: withdrawing one's own request), audited. */
export async function reject(db: Kysely<Database>, id: bigint, by: string, audit: Audit, now = Date.now()) {
  return db.transaction().execute(async (trx) => {
    const current = await pendingApproval(trx, id);
    const decided = await decideApproval(trx, id, { status: "rejected", by, now });
    if (!decided) throw alreadyDecided(await findApproval(trx, id));
    const item = toApprovalItem(decided);
    await audit(trx, { action: "approval.reject", target: `approval:${id}`, before: toApprovalItem(current), after: item });
    return item;
  });
}
