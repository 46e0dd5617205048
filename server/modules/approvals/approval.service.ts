import type { Kysely } from "kysely";
import type {
  ApprovalItem,
  BalanceAdjustPayload,
  RoleGrantPayload,
  RoleRevokePayload,
  WithdrawRetryPayload,
} from "../../../domain/api/approvals";
import { APPROVAL_DECIDER, approvalKindsFor } from "../../../domain/approval-kinds";
import { TOKEN_OPERATOR, type OperatorRole } from "../../../domain/operator-roles";
import type { AppConfig } from "../../config";
import type { ApprovalKind, ApprovalStatus, Database } from "../../db/schema";
import { conflict, forbidden, notFound } from "../../lib/errors";
import { stringifyJson } from "../../lib/json";
import { isUniqueViolation } from "../../lib/unique-violation";
import type { Audit } from "../operators/audit";
import { decideApproval, findApproval, insertApproval, listApprovals, type ApprovalRow } from "./approval.repository";
import { applyApproval } from "./apply-approval";

type Payloads = {
  "balance.adjust": BalanceAdjustPayload;
  "withdraw.retry": WithdrawRetryPayload;
  "role.grant": RoleGrantPayload;
  "role.revoke": RoleRevokePayload;
};

/** Who decides: the operator's name (a lowercase address, or `token`) and roles. */
export interface Decider {
  name: string;
  roles: readonly OperatorRole[];
}

export function toApprovalItem(row: ApprovalRow): ApprovalItem {
  const payload: unknown = JSON.parse(row.payload);
  return {
    id: Number(row.id),
    kind: row.kind,
    target: row.target,
    balanceAdjust: row.kind === "balance.adjust" ? (payload as BalanceAdjustPayload) : null,
    withdrawRetry: row.kind === "withdraw.retry" ? (payload as WithdrawRetryPayload) : null,
    roleGrant: row.kind === "role.grant" ? (payload as RoleGrantPayload) : null,
    roleRevoke: row.kind === "role.revoke" ? (payload as RoleRevokePayload) : null,
    requestedBy: row.requested_by,
    requestedAt: Number(row.requested_at),
    status: row.status,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at == null ? null : Number(row.decided_at),
  };
}

/** Whether two operator names are one operator: wallet addresses compare in any case. */
export const sameOperator = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * Files a request in the caller's transaction `trx` (nothing it asks for happens yet), audited as
 * `approval.request`. The shared token files none (403 `admin.walletOnly`): it names no person,
 * so whoever holds it could approve its request with their own wallet as a "second" operator.
 * Its routes refuse it before (it holds neither treasurer nor admin); this holds for any kind.
 */
export async function fileApproval<K extends ApprovalKind>(
  trx: Kysely<Database>,
  r: { kind: K; target: string; payload: Payloads[K]; requestedBy: string },
  audit: Audit,
  now: number,
): Promise<ApprovalItem> {
  if (r.requestedBy === TOKEN_OPERATOR) throw forbidden("admin.walletOnly");
  const row = await insertApproval(trx, { ...r, payload: stringifyJson(r.payload), now });
  const item = toApprovalItem(row);
  await audit(trx, { action: "approval.request", target: `approval:${item.id}`, after: item });
  return item;
}

/**
 * Files a request that a second operator must approve, in a transaction of its own. A second
 * open retry of one withdrawal is refused (409).
 */
export async function requestApproval<K extends ApprovalKind>(
  db: Kysely<Database>,
  r: { kind: K; target: string; payload: Payloads[K]; requestedBy: string },
  audit: Audit,
  now = Date.now(),
): Promise<ApprovalItem> {
  try {
    return await db.transaction().execute((trx) => fileApproval(trx, r, audit, now));
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict("approvals.retryPending");
    throw err;
  }
}

/** The requests `decider` may see (treasurers the money, admins the role changes), newest first. */
export async function approvalsFor(
  db: Kysely<Database>,
  decider: Decider,
  f: { status?: ApprovalStatus; kind?: ApprovalKind },
  offset: number,
  limit: number,
) {
  const { rows, total } = await listApprovals(db, { ...f, kinds: approvalKindsFor(decider.roles) }, offset, limit);
  return { list: rows.map(toApprovalItem), total };
}

const alreadyDecided = (row: ApprovalRow | undefined) =>
  row?.status === "rejected" ? conflict("approvals.alreadyRejected") : conflict("approvals.alreadyApproved");

/** The request, refused unless it is still pending and of a kind `decider`'s roles decide. */
async function pendingApproval(trx: Kysely<Database>, id: bigint, decider: Decider): Promise<ApprovalRow> {
  const current = await findApproval(trx, id);
  if (!current) throw notFound("approvals.notFound");
  const role = APPROVAL_DECIDER[current.kind];
  if (!decider.roles.includes(role)) throw forbidden("admin.roleRequired", { roles: role });
  if (current.status !== "pending") throw alreadyDecided(current);
  return current;
}

/**
 * A second operator approves: in one transaction the request turns approved (once, however many
 * approve at the same moment), what it asked for is carried out under the rules it would meet
 * anyway (`apply-approval.ts`), and both are audited. If carrying it out is refused (the balance
 * would go below zero, the withdrawal was retried meanwhile, the role is held already, the
 * revocation would remove the last admin), everything rolls back and the request stays pending:
 * the refusal says why, and an operator decides again (rejects it, or approves once the reason is
 * gone).
 *
 * Money is decided by a treasurer, a role change by an admin (403 `admin.roleRequired`). The
 * approver is a wallet other than the requester's (403 `approvals.selfApproval`, addresses in any
 * case; the wallet a revocation takes admin from may approve it: it consents); the
 * shared token approves nothing (403 `admin.walletOnly`), and a request the token filed (before it
 * lost the treasurer role) is never carried out (403 `approvals.filedByToken`): its requester is
 * nobody in particular, so anyone might be approving their own. It can still be rejected.
 */
export async function approve(
  db: Kysely<Database>,
  id: bigint,
  decider: Decider,
  audit: Audit,
  config: Pick<AppConfig, "adminAddresses">,
  now = Date.now(),
) {
  const by = decider.name;
  if (by === TOKEN_OPERATOR) throw forbidden("admin.walletOnly");
  try {
    return await db.transaction().execute(async (trx) => {
      const current = await pendingApproval(trx, id, decider);
      if (current.requested_by === TOKEN_OPERATOR) throw forbidden("approvals.filedByToken");
      if (sameOperator(current.requested_by, by)) throw forbidden("approvals.selfApproval");
      const decided = await decideApproval(trx, id, { status: "approved", by, now });
      if (!decided) throw alreadyDecided(await findApproval(trx, id));
      const item = toApprovalItem(decided);
      await applyApproval(trx, item, audit, config, now);
      await audit(trx, { action: "approval.approve", target: `approval:${id}`, before: toApprovalItem(current), after: item });
      return item;
    });
  } catch (err) {
    // A retry that another retry of the same withdrawal beat to its unique row.
    if (isUniqueViolation(err)) throw conflict("withdraw.alreadyRetried");
    throw err;
  }
}

/**
 * Rejects a pending request (anyone who decides its kind, the requester included: withdrawing
 * one's own request), audited.
 */
export async function reject(db: Kysely<Database>, id: bigint, decider: Decider, audit: Audit, now = Date.now()) {
  return db.transaction().execute(async (trx) => {
    const current = await pendingApproval(trx, id, decider);
    const decided = await decideApproval(trx, id, { status: "rejected", by: decider.name, now });
    if (!decided) throw alreadyDecided(await findApproval(trx, id));
    const item = toApprovalItem(decided);
    await audit(trx, { action: "approval.reject", target: `approval:${id}`, before: toApprovalItem(current), after: item });
    return item;
  });
}
