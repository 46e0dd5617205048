import type { Kysely } from "kysely";

/**
 * Background jobs run by one API process at a time (issue 15): a row per job naming the process
 * that holds it (`holder`), until when (`expires_at`, epoch ms by the database's clock, so
 * processes on machines with different clocks agree) and the lease's fencing `token`, which
 * grows by one whenever another holder takes the job. Every write a job makes checks, in its
 * own transaction, that its holder and token are still the row's (server/jobs/lease/).
 */
export function m0008JobLeases() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("job_leases")
        .addColumn("name", "varchar(64)", (c) => c.primaryKey())
        .addColumn("holder", "varchar(255)", (c) => c.notNull())
        .addColumn("token", "bigint", (c) => c.notNull())
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("job_leases").execute();
    },
  };
}
