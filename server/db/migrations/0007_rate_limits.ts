import type { Kysely } from "kysely";
import type { DialectName } from "../database";
import { m0005FundPasswordAttempts } from "./0005_fund_password_attempts";

/**
 * One table for every limit of the app (wrong fund passwords, per-user call limits), in the
 * layout rate-limiter-flexible's SQLite and PostgreSQL stores read and write: a row per key
 * (`<limit>:<user id>`) with the points used in the current window and when the window ends (ms).
 * The stores are told the table exists, so this migration owns it. It replaces the one-row-per-
 * failure table of migration 0005, whose check-then-record guard could be raced.
 */
export function m0007RateLimits(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      // Column order matters: the PostgreSQL store inserts `VALUES ($1, $2, $3)` without names.
      await db.schema
        .createTable("rate_limits")
        .addColumn("key", "varchar(255)", (c) => c.primaryKey())
        .addColumn("points", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("expire", "bigint")
        .execute();
      await db.schema.createIndex("rate_limits_expire").on("rate_limits").column("expire").execute();
      // Counts in flight are dropped: at worst a user gets a fresh budget of guesses once, at deploy.
      await db.schema.dropTable("fund_password_attempts").execute();
    },
    async down(db: Kysely<unknown>) {
      await m0005FundPasswordAttempts(dialect).up(db);
      await db.schema.dropTable("rate_limits").execute();
    },
  };
}
