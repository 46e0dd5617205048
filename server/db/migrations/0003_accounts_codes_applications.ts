import { sql, type Kysely } from "kysely";
import type { DialectName } from "../database";

/**
 * Accounts: the client IP of each verification code (for the per-IP daily cap), and partial
 * unique indexes that let the database itself keep the invariants the services check: one
 * pending identity and bank application per user, at most one default address per user.
 * Partial indexes read the same on SQLite and PostgreSQL.
 */
export function m0003AccountsCodesApplications(_dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("verification_codes").addColumn("ip", "varchar(64)").execute();
      await db.schema.createIndex("verification_codes_ip").on("verification_codes").columns(["ip", "created_at"]).execute();
      await sql`create unique index identity_applications_one_pending on identity_applications (user_id) where status = 'pending'`.execute(
        db,
      );
      await sql`create unique index bank_applications_one_pending on bank_applications (user_id) where status = 'pending'`.execute(
        db,
      );
      await sql`create unique index addresses_one_default on addresses (user_id) where is_default = 1`.execute(db);
      await db.schema.createIndex("identity_applications_status").on("identity_applications").columns(["status", "id"]).execute();
      await db.schema.createIndex("bank_applications_status").on("bank_applications").columns(["status", "id"]).execute();
      await db.schema.createIndex("identity_applications_id_number").on("identity_applications").column("id_number").execute();
      await db.schema.createIndex("uploads_user").on("uploads").columns(["user_id", "id"]).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const name of [
        "uploads_user",
        "identity_applications_id_number",
        "bank_applications_status",
        "identity_applications_status",
        "addresses_one_default",
        "bank_applications_one_pending",
        "identity_applications_one_pending",
        "verification_codes_ip",
      ])
        await db.schema.dropIndex(name).execute();
      await db.schema.alterTable("verification_codes").dropColumn("ip").execute();
    },
  };
}
