import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { JobLeases } from "../../../server/jobs/lease/job-leases";
import { runLeased } from "../../../server/jobs/lease/run-leased";
import type { Job } from "../../../server/jobs/run-every";
import { leaseTestDb, sleep } from "./support";

const TTL = 300;
const quiet = { warn: () => {}, error: () => {} };

describe("two processes running the same job", () => {
  let s: Awaited<ReturnType<typeof leaseTestDb>>;
  const cleanup: (() => Promise<void>)[] = [];
  beforeEach(async () => {
    s = await leaseTestDb();
  });
  afterEach(async () => {
    for (const undo of cleanup.splice(0).reverse()) await undo();
    await s.close();
  });

  /** A process: its leases and the job, whose passes are counted (and checked never to overlap another's). */
  let running = 0;
  let overlaps = 0;
  function startProcess(holder: string) {
    const leases = new JobLeases(s.otherProcess(), { ttlMs: TTL, holder });
    const counts = { passes: 0 };
    const observed: string[] = [];
    const job: Job = runLeased(
      leases,
      "counting",
      50,
      async (lease) => {
        if (running++ > 0) overlaps++;
        // A fenced write, so a pass after a takeover would fail here.
        await lease.transaction(async (trx) => {
          await trx.deleteFrom("app_meta").where("key", "=", "pass").execute();
          await trx.insertInto("app_meta").values({ key: "pass", value: holder }).execute();
        });
        counts.passes++;
        await sleep(10);
        running--;
      },
      { log: quiet, failure: "counting failed", observer: { jobPassed: (name) => observed.push(name), jobFailed: () => {} } },
    );
    cleanup.push(async () => {
      await job.stop();
      await leases.stop();
    });
    return { leases, job, counts, observed };
  }
  const lastWriter = async () =>
    (await s.db.kysely.selectFrom("app_meta").select("value").where("key", "=", "pass").executeTakeFirst())?.value;

  it("runs passes in one process only; a killed holder's job moves to the other within two leases", async () => {
    const a = startProcess("a");
    await sleep(150);
    const b = startProcess("b");
    await sleep(500);
    expect(a.leases.held()).toEqual(["counting"]);
    expect(b.leases.held()).toEqual([]);
    expect(a.counts.passes).toBeGreaterThan(3);
    expect(b.counts.passes).toBe(0);
    expect(a.observed[0]).toBe("counting");

    // kill -9: timers and passes stop, nothing is given back.
    await a.job.stop();
    await a.leases.stop();
    const killedAt = performance.now();
    while (b.counts.passes === 0 && performance.now() - killedAt < 2 * TTL) await sleep(10);
    expect(b.counts.passes).toBeGreaterThan(0);
    expect(await lastWriter()).toBe("b");
    expect(overlaps).toBe(0);
  });

  it("a graceful release hands the job over at the other's next tick", async () => {
    const a = startProcess("a");
    await sleep(150);
    const b = startProcess("b");
    await sleep(200);
    expect(b.counts.passes).toBe(0);
    await a.job.stop();
    await a.leases.release();
    expect(a.leases.held()).toEqual([]);
    const releasedAt = performance.now();
    while (b.counts.passes === 0) await sleep(5);
    // A renewal tick (a third of the lease) and a poll of the runner, not the lease's run-out.
    expect(performance.now() - releasedAt).toBeLessThan((2 * TTL) / 3 + 100);
    expect(b.leases.held()).toEqual(["counting"]);
    expect(overlaps).toBe(0);
  });
});
