/* The job_gas_days table (migration 0010): gas a job's transactions were counted for, per UTC day. */
import { sql } from "kysely";
import type { ReadDb } from "../db/transactor";
import type { FencedTrx } from "./lease/with-lease";

/** The UTC day of epoch milliseconds `ms`, YYYY-MM-DD: budgets start afresh at 00:00 UTC. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Gas counted for `job` on `day` (0 before its first transaction that day). */
export async function gasSpent(db: ReadDb, job: string, day: string): Promise<bigint> {
  const row = await db.selectFrom("job_gas_days").select("gas").where("job", "=", job).where("day", "=", day).executeTakeFirst();
  return row ? BigInt(row.gas) : 0n;
}

/** Adds `gas` to `job`'s total for `day`, in the job's fenced transaction (a plain one does not type-check). */
export async function addGasSpent(trx: FencedTrx, job: string, day: string, gas: bigint, now: number): Promise<void> {
  await trx
    .insertInto("job_gas_days")
    .values({ job, day, gas, updated_at: now })
    .onConflict((oc) =>
      oc.columns(["job", "day"]).doUpdateSet({ gas: sql<bigint>`job_gas_days.gas + excluded.gas`, updated_at: now }),
    )
    .execute();
}
