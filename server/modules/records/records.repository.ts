import { sql, type Insertable, type Kysely, type Selectable } from "kysely";
import type { AssetRecordsTable, Database, RecordStatus, RecordType } from "../../db/schema";
import type { ReadDb } from "../../db/transactor";

type Q = Kysely<Database>;
export type AssetRecordRow = Selectable<AssetRecordsTable>;

export interface RecordFilter {
  userId?: bigint;
  type?: RecordType;
  currency?: "CNY" | "USDT";
  statuses?: RecordStatus[];
}

function filtered(db: Q, f: RecordFilter) {
  let q = db.selectFrom("asset_records");
  if (f.userId !== undefined) q = q.where("user_id", "=", f.userId);
  if (f.type) q = q.where("type", "=", f.type);
  if (f.currency) q = q.where("currency", "=", f.currency);
  if (f.statuses) q = q.where("status", "in", f.statuses);
  return q;
}

/** One page, newest first, and the total count of the filter. */
export async function listRecords(
  db: Q,
  f: RecordFilter,
  page: number,
  limit: number,
): Promise<{ rows: AssetRecordRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .selectAll()
      .orderBy("id", "desc")
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    filtered(db, f)
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function insertRecord(db: Q, values: Insertable<AssetRecordsTable>): Promise<bigint> {
  const row = await db.insertInto("asset_records").values(values).returning("id").executeTakeFirstOrThrow();
  return BigInt(row.id);
}

export function findRecord(db: ReadDb, id: bigint): Promise<AssetRecordRow | undefined> {
  return db.selectFrom("asset_records").selectAll().where("id", "=", id).executeTakeFirst();
}

/**
 * Moves a record from one status to another only if it is still in `from`: the conditional
 * UPDATE is what keeps two workers (or a worker and an operator) from both acting on it.
 */
export async function transitionRecord(
  db: Q,
  id: bigint,
  from: RecordStatus,
  set: Partial<Pick<AssetRecordRow, "status" | "tx_hash" | "note" | "amount">> & { updated_at: number; bumpAttempts?: boolean },
): Promise<boolean> {
  const { bumpAttempts, ...values } = set;
  const result = await db
    .updateTable("asset_records")
    .set({ ...values, ...(bumpAttempts ? { attempts: sql<number>`attempts + 1` } : {}) })
    .where("id", "=", id)
    .where("status", "=", from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
