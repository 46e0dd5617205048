import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

/** The user's wrong fund passwords after `since`, oldest first (their times, ms). */
export async function recentFailures(db: Kysely<Database>, userId: bigint, since: number): Promise<number[]> {
  const rows = await db
    .selectFrom("fund_password_attempts")
    .select("attempted_at")
    .where("user_id", "=", userId)
    .where("attempted_at", ">", BigInt(since))
    .orderBy("attempted_at")
    .execute();
  return rows.map((r) => Number(r.attempted_at));
}

/** Records a wrong fund password and forgets the user's ones older than `since`. */
export async function recordFailure(db: Kysely<Database>, userId: bigint, now: number, since: number): Promise<void> {
  await db
    .deleteFrom("fund_password_attempts")
    .where("user_id", "=", userId)
    .where("attempted_at", "<=", BigInt(since))
    .execute();
  await db.insertInto("fund_password_attempts").values({ user_id: userId, attempted_at: now }).execute();
}

/** A right password forgives the user's earlier wrong ones. */
export async function clearFailures(db: Kysely<Database>, userId: bigint): Promise<void> {
  await db.deleteFrom("fund_password_attempts").where("user_id", "=", userId).execute();
}
