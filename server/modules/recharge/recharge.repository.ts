import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { ReadDb } from "../../db/transactor";

type Q = Kysely<Database>;

export async function referenceExists(db: Q, reference: string): Promise<boolean> {
  return !!(await db.selectFrom("recharge_intents").select("id").where("reference", "=", reference).executeTakeFirst());
}

export async function countOpenIntents(db: Q, userId: bigint): Promise<number> {
  const row = await db
    .selectFrom("recharge_intents")
    .innerJoin("asset_records", "asset_records.id", "recharge_intents.record_id")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("recharge_intents.user_id", "=", userId)
    .where("asset_records.status", "=", "pending")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertIntent(
  db: Q,
  v: { userId: bigint; reference: string; amount: bigint; recordId: bigint; now: number },
): Promise<void> {
  await db
    .insertInto("recharge_intents")
    .values({ user_id: v.userId, reference: v.reference, amount: v.amount, record_id: v.recordId, created_at: v.now })
    .execute();
}

/** The intent of a reference with its record's state, for matching a chain event. */
export function findIntentByReference(db: ReadDb, reference: string) {
  return db
    .selectFrom("recharge_intents")
    .innerJoin("asset_records", "asset_records.id", "recharge_intents.record_id")
    .select([
      "recharge_intents.user_id",
      "recharge_intents.amount",
      "recharge_intents.record_id",
      "asset_records.status",
      "asset_records.tx_hash",
    ])
    .where("recharge_intents.reference", "=", reference)
    .executeTakeFirst();
}

/**
 * Pending intents older than `before` turn Failed; a payment that still arrives is matched and
 * credited. One whose payment is on its way (confirmations counting) is not expired.
 */
export async function expireIntents(db: Q, before: number, note: string, now: number): Promise<number> {
  const result = await db
    .updateTable("asset_records")
    .set({ status: "failed", note, updated_at: now })
    .where("type", "=", "recharge")
    .where("status", "=", "pending")
    .where("confirmations", "is", null)
    .where("created_at", "<", BigInt(before))
    .where("id", "in", (eb) => eb.selectFrom("recharge_intents").select("record_id"))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A Pending recharge whose payment is seen `confirmations` blocks deep, not yet credited; false when that was known. */
export async function setSeenConfirmations(
  db: Q,
  recordId: bigint,
  seen: { txHash: string; confirmations: number },
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable("asset_records")
    .set({ tx_hash: seen.txHash, confirmations: seen.confirmations, updated_at: now })
    .where("id", "=", recordId)
    .where("status", "=", "pending")
    .where((eb) => eb.or([eb("confirmations", "is", null), eb("confirmations", "!=", seen.confirmations)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Pending recharges that showed a payment which is no longer seen (its block left the chain
 * before it was credited) go back to waiting: no hash, no confirmations. Answers them.
 */
export function clearUnseenConfirmations(db: Q, seenRecordIds: bigint[], now: number) {
  let q = db
    .updateTable("asset_records")
    .set({ tx_hash: null, confirmations: null, updated_at: now })
    .where("type", "=", "recharge")
    .where("status", "=", "pending")
    .where("confirmations", "is not", null);
  if (seenRecordIds.length > 0) q = q.where("id", "not in", seenRecordIds);
  return q.returning(["id", "user_id"]).execute();
}
