import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

export async function insertNonce(db: Kysely<Database>, nonce: string, expiresAt: number): Promise<void> {
  await db.insertInto("login_nonces").values({ nonce, expires_at: expiresAt }).execute();
}

/**
 * Consumes a nonce: one DELETE that only matches an unexpired row, so of two concurrent
 * logins with the same nonce exactly one sees a deleted row.
 */
export async function consumeNonce(db: Kysely<Database>, nonce: string, now: number): Promise<boolean> {
  const res = await db
    .deleteFrom("login_nonces")
    .where("nonce", "=", nonce)
    .where("expires_at", ">", BigInt(now))
    .executeTakeFirst();
  return res.numDeletedRows > 0n;
}

export async function deleteExpiredNonces(db: Kysely<Database>, now: number): Promise<void> {
  await db.deleteFrom("login_nonces").where("expires_at", "<=", BigInt(now)).execute();
}
