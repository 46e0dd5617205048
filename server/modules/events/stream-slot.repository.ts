import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

type Q = Kysely<Database>;

/** The user's streams still open by their processes' heartbeats, the expired ones deleted first. */
export async function countLiveStreams(trx: Q, userId: bigint, now: number): Promise<number> {
  await trx.deleteFrom("event_streams").where("user_id", "=", userId).where("expires_at", "<=", BigInt(now)).execute();
  const row = await trx
    .selectFrom("event_streams")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertStream(trx: Q, s: { id: string; userId: bigint; holder: string; expiresAt: number }): Promise<void> {
  await trx
    .insertInto("event_streams")
    .values({ id: s.id, user_id: s.userId, holder: s.holder, expires_at: s.expiresAt })
    .execute();
}

export async function deleteStream(db: Q, id: string): Promise<void> {
  await db.deleteFrom("event_streams").where("id", "=", id).execute();
}

/** One write per process and heartbeat, however many streams it serves. */
export async function refreshStreams(db: Q, holder: string, expiresAt: number): Promise<void> {
  await db.updateTable("event_streams").set({ expires_at: expiresAt }).where("holder", "=", holder).execute();
}

export async function deleteStreamsOf(db: Q, holder: string): Promise<void> {
  await db.deleteFrom("event_streams").where("holder", "=", holder).execute();
}

/** Rows of streams whose process stopped without closing them (crashed): for the pruning job. */
export async function deleteExpiredStreams(db: Q, now: number): Promise<bigint> {
  const result = await db.deleteFrom("event_streams").where("expires_at", "<=", BigInt(now)).executeTakeFirst();
  return BigInt(result.numDeletedRows);
}
