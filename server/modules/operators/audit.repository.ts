import type { Insertable, Kysely } from "kysely";
import type { AdminAuditTable, Database } from "../../db/schema";

type Q = Kysely<Database>;

/** The only write the audit takes: the database refuses UPDATE and DELETE on it (migration 0009). */
export async function insertAudit(db: Q, row: Insertable<AdminAuditTable>): Promise<void> {
  await db.insertInto("admin_audit").values(row).execute();
}

export interface AuditFilter {
  operator?: string;
  action?: string;
  target?: string;
}

/** One page of the audit, newest first, and how many rows match. */
export async function listAudit(db: Q, f: AuditFilter, offset: number, limit: number) {
  let q = db.selectFrom("admin_audit");
  if (f.operator !== undefined) q = q.where("operator", "=", f.operator);
  if (f.action !== undefined) q = q.where("action", "=", f.action);
  if (f.target !== undefined) q = q.where("target", "=", f.target);
  const [rows, total] = await Promise.all([
    q.selectAll().orderBy("id", "desc").offset(offset).limit(limit).execute(),
    q.select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
