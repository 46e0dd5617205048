import type { Kysely } from "kysely";

/**
 * Gas a job's transactions were counted for, per job and UTC day (`day`: YYYY-MM-DD): the
 * invite binder's daily budget (INVITE_BINDER_DAILY_GAS) reads and adds to it in the fenced
 * transaction that stores each batch, so a restart or another process carries on from the same
 * total. `gas` is a running sum; a new day is a new row.
 */
export function m0010JobGasDays() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("job_gas_days")
        .addColumn("job", "varchar(64)", (c) => c.notNull())
        .addColumn("day", "varchar(10)", (c) => c.notNull())
        .addColumn("gas", "bigint", (c) => c.notNull())
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("job_gas_days_pk", ["job", "day"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("job_gas_days").execute();
    },
  };
}
