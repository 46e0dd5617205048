import type { Kysely, Selectable } from "kysely";
import type { ApprovalKind, ApprovalStatus, Database, OperatorApprovalsTable } from "../../db/schema";

type Q = Kysely<Database>;
export type ApprovalRow = Selectable<OperatorApprovalsTable>;

export function insertApproval(
  db: Q,
  a: { kind: ApprovalKind; target: string; payload: string; requestedBy: string; now: number },
): Promise<ApprovalRow> {
  return db
    .insertInto("operator_approvals")
    .values({ kind: a.kind, target: a.target, payload: a.payload, requested_by: a.requestedBy, requested_at: a.now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findApproval(db: Q, id: bigint): Promise<ApprovalRow | undefined> {
  return db.selectFrom("operator_approvals").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * pending → approved | rejected, once: the UPDATE matches only a pending row, so of any number of
 * concurrent decisions exactly one changes it (PostgreSQL re-checks the condition after the lock
 * a concurrent decision held; SQLite runs one write transaction at a time).
 */
export function decideApproval(
  db: Q,
  id: bigint,
  d: { status: "approved" | "rejected"; by: string; now: number },
): Promise<ApprovalRow | undefined> {
  return db
    .updateTable("operator_approvals")
    .set({ status: d.status, decided_by: d.by, decided_at: d.now })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .returningAll()
    .executeTakeFirst();
}

/** One page of requests of the kinds `f.kinds` (none: an empty page), newest first, and how many match. */
export async function listApprovals(
  db: Q,
  f: { status?: ApprovalStatus; kind?: ApprovalKind; kinds: readonly ApprovalKind[] },
  offset: number,
  limit: number,
): Promise<{ rows: ApprovalRow[]; total: number }> {
  if (f.kinds.length === 0) return { rows: [], total: 0 };
  let q = db.selectFrom("operator_approvals").where("kind", "in", f.kinds);
  if (f.status) q = q.where("status", "=", f.status);
  if (f.kind) q = q.where("kind", "=", f.kind);
  const [rows, total] = await Promise.all([
    q.selectAll().orderBy("id", "desc").offset(offset).limit(limit).execute(),
    q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
