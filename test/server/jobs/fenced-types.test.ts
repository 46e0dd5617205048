import { sql, type Kysely, type Transaction } from "kysely";
import { afterEach, beforeEach, describe, expect, expectTypeOf, it } from "vitest";
import type { Database } from "../../../server/db/schema";
import { transactorOf, type ReadDb, type Transactor } from "../../../server/db/transactor";
import { addGasSpent } from "../../../server/jobs/gas-days";
import type { runLeased } from "../../../server/jobs/lease/run-leased";
import { withLease, type FencedTrx, type JobLease } from "../../../server/jobs/lease/with-lease";
import type { PayoutWorkerOptions } from "../../../server/jobs/payout-worker";
import { heldLease } from "../support/held-lease";
import { leaseTestDb } from "./support";

/*
 * What the types forbid a job (ADR-0197), checked by `npm run
 * typecheck`: each `@ts-expect-error` must meet an error, or tsc fails. A job's pass is given a
 * JobLease and nothing else of the database: outside withLease it can only read.
 */
function neverCalled(lease: JobLease, db: Kysely<Database>, plain: Transaction<Database>) {
  // @ts-expect-error a job's reads build no insert
  void lease.reads.insertInto("app_meta");
  // @ts-expect-error nor an update
  void lease.reads.updateTable("app_meta");
  // @ts-expect-error nor a delete
  void lease.reads.deleteFrom("app_meta");
  // @ts-expect-error nor a merge
  void lease.reads.mergeInto;
  // @ts-expect-error nor a replace
  void lease.reads.replaceInto;
  // @ts-expect-error nor a writable CTE
  void lease.reads.with;
  // @ts-expect-error nor a transaction of its own
  void lease.reads.transaction;
  // @ts-expect-error nor a pinned connection
  void lease.reads.connection;
  // @ts-expect-error nor run raw SQL (it is no executor provider)
  void sql`delete from app_meta`.execute(lease.reads);
  // @ts-expect-error the lease itself has no writes either: only reads and transaction
  void lease.insertInto("app_meta");

  // @ts-expect-error a plain transaction where a fenced one is required
  void addGasSpent(plain, "job", "2025-01-01", 1n, 0);
  // @ts-expect-error a plain database's transactor is no job's: its transactions are not fenced
  const unfenced: Transactor<FencedTrx> = transactorOf(db);
  // @ts-expect-error so a job's pass cannot be handed one
  const options: Pick<PayoutWorkerOptions, "lease"> = { lease: transactorOf(db) };

  // Inside withLease the transaction is fenced, and writes.
  void withLease(lease, async (trx) => {
    expectTypeOf(trx).toEqualTypeOf<FencedTrx>();
    await addGasSpent(trx, "job", "2025-01-01", 1n, 0);
    await trx.insertInto("app_meta").values({ key: "k", value: "v" }).execute();
  });
  // Reads take any database or transaction, a fenced one too.
  const reads: ReadDb[] = [db, plain, lease.reads];
  return [unfenced, options, reads];
}

describe("what a job is given of the database", () => {
  it("types: a pass gets a JobLease, whose reads cannot write and whose transactions are fenced", () => {
    expect(typeof neverCalled).toBe("function");
    type Pass = Parameters<typeof runLeased>[3];
    expectTypeOf<Parameters<Pass>[0]>().toEqualTypeOf<JobLease>();
    expectTypeOf<JobLease["reads"]>().toEqualTypeOf<ReadDb>();
    expectTypeOf<keyof ReadDb>().toEqualTypeOf<"selectFrom">();
    expectTypeOf<PayoutWorkerOptions["lease"]>().toEqualTypeOf<JobLease>();
    expectTypeOf<Transaction<Database>>().not.toExtend<FencedTrx>();
    expectTypeOf<FencedTrx>().toExtend<Transaction<Database>>();
  });

  describe("at run time", () => {
    let s: Awaited<ReturnType<typeof leaseTestDb>>;
    beforeEach(async () => {
      s = await leaseTestDb();
    });
    afterEach(() => s.close());

    it("a lease's reads are selects only (no cast brings the writes back), and it shows no database", async () => {
      const lease = await heldLease(s.db);
      expect(Object.keys(lease.reads)).toEqual(["selectFrom"]);
      expect(await lease.reads.selectFrom("job_leases").select("holder").execute()).toEqual([{ holder: "test" }]);
      expect(Object.values(lease).some((v) => v === s.db.kysely)).toBe(false);
    });
  });
});
