import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { ReadDb } from "../../db/transactor";

type Q = Kysely<Database>;

/**
 * The next seq of `userId`'s events. The upsert locks the user's counter row until the
 * transaction ends, so a second transaction's seq waits for the first to commit: a user's
 * events become visible in seq order, and a reader that saw seq n has seen every seq below it.
 */
export async function takeSeq(trx: Q, userId: bigint): Promise<bigint> {
  const row = await trx
    .insertInto("user_event_seqs")
    .values({ user_id: userId, seq: 1n })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ seq: sql`user_event_seqs.seq + 1` }))
    .returning("seq")
    .executeTakeFirstOrThrow();
  return BigInt(row.seq);
}

/** Gives back the seq just taken (its event was a duplicate): the counter row is still locked by this transaction. */
export async function giveBackSeq(trx: Q, userId: bigint): Promise<void> {
  await trx
    .updateTable("user_event_seqs")
    .set({ seq: sql`seq - 1` })
    .where("user_id", "=", userId)
    .execute();
}

/** Inserts an event; false when its `dedupe_key` is already the user's. */
export async function insertEvent(
  trx: Q,
  e: { userId: bigint; seq: bigint; type: string; data: string; dedupeKey: string | null; now: number },
): Promise<boolean> {
  const result = await trx
    .insertInto("user_events")
    .values({ user_id: e.userId, seq: e.seq, type: e.type, data: e.data, dedupe_key: e.dedupeKey, created_at: e.now })
    .onConflict((oc) => oc.columns(["user_id", "dedupe_key"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** The last seq given out to `userId` (0 when none ever was). */
export async function headSeq(db: ReadDb, userId: bigint): Promise<bigint> {
  const row = await db.selectFrom("user_event_seqs").select("seq").where("user_id", "=", userId).executeTakeFirst();
  return row ? BigInt(row.seq) : 0n;
}

/** `userId`'s events after `seq`, oldest first, at most `limit`. */
export function eventsAfter(db: ReadDb, userId: bigint, seq: bigint, limit: number) {
  return db
    .selectFrom("user_events")
    .select(["seq", "type", "data"])
    .where("user_id", "=", userId)
    .where("seq", ">", seq)
    .orderBy("seq")
    .limit(limit)
    .execute();
}

/** Deletes events older than `before` (epoch ms); answers how many. */
export async function deleteEventsBefore(trx: Q, before: number): Promise<bigint> {
  const result = await trx.deleteFrom("user_events").where("created_at", "<", BigInt(before)).executeTakeFirst();
  return BigInt(result.numDeletedRows);
}
