import type { Kysely } from "kysely";
import type { Database, UserRow } from "../../db/schema";

export async function insertSession(
  db: Kysely<Database>,
  s: { tokenHash: string; userId: bigint; deviceId: string; now: number; expiresAt: number },
): Promise<void> {
  await db
    .insertInto("sessions")
    .values({ token_hash: s.tokenHash, user_id: s.userId, device_id: s.deviceId, created_at: s.now, expires_at: s.expiresAt })
    .execute();
}

/** The user of an unexpired session, in one query (this runs on every authenticated call). */
export function findUserBySessionHash(db: Kysely<Database>, tokenHash: string, now: number): Promise<UserRow | undefined> {
  return db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .selectAll("users")
    .where("sessions.token_hash", "=", tokenHash)
    .where("sessions.expires_at", ">", BigInt(now))
    .executeTakeFirst();
}

export async function deleteSession(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom("sessions").where("token_hash", "=", tokenHash).execute();
}
