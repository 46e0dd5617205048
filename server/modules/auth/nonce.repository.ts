import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

export async function insertNonce(db: Kysely<Database>, nonce: string, issuedAt: number, expiresAt: number): Promise<void> {
  await db.insertInto("login_nonces").values({ nonce, issued_at: issuedAt, expires_at: expiresAt }).execute();
}

/**
 * Consumes a nonce: one DELETE that only matches an unexpired row, so of two concurrent
 * logins with the same nonce exactly one sees a deleted row. Answers when the nonce was
 * issued (ms), or null when there was no such live nonce.
 */
export async function consumeNonce(db: Kysely<Database>, nonce: string, now: number): Promise<number | null> {
  const row = await db
    .deleteFrom("login_nonces")
    .where("nonce", "=", nonce)
    .where("expires_at", ">", BigInt(now))
    .returning("issued_at")
    .executeTakeFirst();
  return row ? Number(row.issued_at) : null;
}

/** Expired nonces (used ones are deleted when used). */
export async function deleteExpiredNonces(db: Kysely<Database>, now: number): Promise<bigint> {
  const res = await db.deleteFrom("login_nonces").where("expires_at", "<=", BigInt(now)).executeTakeFirst();
  return res.numDeletedRows;
}
