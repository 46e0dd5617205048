import type { Kysely } from "kysely";

/**
 * When each sign-in nonce was issued, so a message dated before its nonce is refused. Nonces
 * issued before this migration read 0 ("long ago"): they pass that check and expire within
 * SIWE_NONCE_TTL_SECONDS anyway. (SQLite adds a NOT NULL column only with a default.)
 */
export function m0007LoginNonceIssuedAt() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("login_nonces")
        .addColumn("issued_at", "bigint", (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("login_nonces").dropColumn("issued_at").execute();
    },
  };
}
