import { sql, type Kysely } from "kysely";
import type { DialectName } from "../database";

/** Users, sessions, sign-in nonces, the append-only ledger and app facts. */
export function m0001Init(dialect: DialectName) {
  const id = dialect === "postgres" ? "bigserial" : "integer";
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("users")
        .addColumn("id", sql.raw(id), (c) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn("address", "varchar(42)", (c) => c.notNull().unique())
        .addColumn("invitation_code", "varchar(16)", (c) => c.notNull().unique())
        .addColumn("inviter_id", "bigint", (c) => c.references("users.id"))
        .addColumn("type", "integer", (c) => c.notNull().defaultTo(1))
        .addColumn("nickname", "varchar(32)")
        .addColumn("amount_cny", "bigint", (c) => c.notNull().defaultTo(0))
        .addColumn("amount_usdt", "bigint", (c) => c.notNull().defaultTo(0))
        .addColumn("withdraw_usdt", "bigint", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "bigint", (c) => c.notNull())
        // The last line of defence: no code path can drive a balance below zero.
        .addCheckConstraint("users_balances_non_negative", sql`amount_cny >= 0 and amount_usdt >= 0 and withdraw_usdt >= 0`)
        .execute();

      await db.schema
        .createTable("sessions")
        .addColumn("token_hash", "varchar(64)", (c) => c.primaryKey())
        .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id"))
        .addColumn("device_id", "varchar(64)", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("sessions_user_id").on("sessions").column("user_id").execute();

      await db.schema
        .createTable("login_nonces")
        .addColumn("nonce", "varchar(128)", (c) => c.primaryKey())
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("ledger")
        .addColumn("id", sql.raw(id), (c) => (dialect === "postgres" ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id"))
        .addColumn("currency", "varchar(8)", (c) => c.notNull())
        .addColumn("delta", "bigint", (c) => c.notNull())
        .addColumn("balance_after", "bigint", (c) => c.notNull())
        .addColumn("kind", "varchar(32)", (c) => c.notNull())
        .addColumn("ref", "varchar(128)")
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("ledger_user_id").on("ledger").columns(["user_id", "id"]).execute();

      // Small key/value facts about this database: demo data loaded, chain cursors.
      await db.schema
        .createTable("app_meta")
        .addColumn("key", "varchar(64)", (c) => c.primaryKey())
        .addColumn("value", "text", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ["app_meta", "ledger", "login_nonces", "sessions", "users"]) await db.schema.dropTable(t).execute();
    },
  };
}
