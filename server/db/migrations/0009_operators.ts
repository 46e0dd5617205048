import { sql, type Kysely } from "kysely";
import type { DialectName } from "../database";
import { autoId } from "./auto-id";

/**
 * Operators with identities (the operator console): the roles each wallet holds, an append-only
 * audit of every operator action, the requests that wait for a second operator, and notices an
 * editor can take back.
 *
 * `admin_audit` refuses UPDATE and DELETE in the database itself (a trigger on both dialects,
 * and TRUNCATE on PostgreSQL), so no code path, not even a hand-written query, edits history.
 */
export function m0009Operators(dialect: DialectName) {
  const { idType, pk } = autoId(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("operator_roles")
        .addColumn("address", "varchar(42)", (c) => c.notNull())
        .addColumn("role", "varchar(16)", (c) => c.notNull())
        .addColumn("granted_by", "varchar(42)", (c) => c.notNull())
        .addColumn("granted_at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("operator_roles_pk", ["address", "role"])
        .execute();
      await db.schema.createIndex("operator_roles_role").on("operator_roles").columns(["role", "address"]).execute();

      await db.schema
        .createTable("admin_audit")
        .addColumn("id", idType, pk)
        .addColumn("operator", "varchar(42)", (c) => c.notNull())
        .addColumn("action", "varchar(64)", (c) => c.notNull())
        .addColumn("target", "varchar(128)")
        .addColumn("before_json", "text")
        .addColumn("after_json", "text")
        .addColumn("client_address", "varchar(64)")
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();
      for (const column of ["operator", "action", "target"])
        await db.schema.createIndex(`admin_audit_${column}`).on("admin_audit").columns([column, "id"]).execute();
      if (dialect === "postgres") {
        await sql`
          create function admin_audit_append_only() returns trigger language plpgsql as $fn$
          begin
            raise exception 'admin_audit is append-only: % refused', tg_op;
          end
          $fn$`.execute(db);
        await sql`create trigger admin_audit_no_change before update or delete on admin_audit
          for each row execute function admin_audit_append_only()`.execute(db);
        await sql`create trigger admin_audit_no_truncate before truncate on admin_audit
          for each statement execute function admin_audit_append_only()`.execute(db);
      } else {
        for (const op of ["update", "delete"])
          await sql
            .raw(
              `create trigger admin_audit_no_${op} before ${op} on admin_audit
               begin select raise(abort, 'admin_audit is append-only: ${op.toUpperCase()} refused'); end`,
            )
            .execute(db);
      }

      await db.schema
        .createTable("operator_approvals")
        .addColumn("id", idType, pk)
        .addColumn("kind", "varchar(32)", (c) => c.notNull())
        .addColumn("target", "varchar(128)", (c) => c.notNull())
        .addColumn("payload", "text", (c) => c.notNull())
        .addColumn("requested_by", "varchar(42)", (c) => c.notNull())
        .addColumn("requested_at", "bigint", (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("pending"))
        .addColumn("decided_by", "varchar(42)")
        .addColumn("decided_at", "bigint")
        .execute();
      await db.schema.createIndex("operator_approvals_status").on("operator_approvals").columns(["status", "id"]).execute();
      // One open request per failed withdrawal: a second would debit the user twice once approved.
      await db.schema
        .createIndex("operator_approvals_one_retry")
        .unique()
        .on("operator_approvals")
        .column("target")
        .where(sql.ref("kind"), "=", "withdraw.retry")
        .where(sql.ref("status"), "=", "pending")
        .execute();

      await db.schema.alterTable("notices").addColumn("unpublished_at", "bigint").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("notices").dropColumn("unpublished_at").execute();
      await db.schema.dropTable("operator_approvals").execute();
      await db.schema.dropTable("admin_audit").execute();
      if (dialect === "postgres") await sql`drop function if exists admin_audit_append_only()`.execute(db);
      await db.schema.dropTable("operator_roles").execute();
    },
  };
}
