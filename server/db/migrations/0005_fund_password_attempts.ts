import type { Kysely } from "kysely";
import type { DialectName } from "../database";
import { autoId } from "./auto-id";

/**
 * Wrong fund passwords, so that the limit on them holds across restarts and across
 * several server processes (it used to be kept in one process's memory): one row per wrong
 * password, deleted by the next right one or once older than the window.
 */
export function m0005FundPasswordAttempts(dialect: DialectName) {
  const { idType, pk } = autoId(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("fund_password_attempts")
        .addColumn("id", idType, pk)
        .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id"))
        .addColumn("attempted_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("fund_password_attempts_user")
        .on("fund_password_attempts")
        .columns(["user_id", "attempted_at"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("fund_password_attempts").execute();
    },
  };
}
