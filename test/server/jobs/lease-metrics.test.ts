import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../../../server/build-app";
import { createDb, type Db } from "../../../server/db/database";
import { JobLeases } from "../../../server/jobs/lease/job-leases";
import { acquireLease } from "../../../server/jobs/lease/lease-store";
import { runLeased } from "../../../server/jobs/lease/run-leased";
import type { Job } from "../../../server/jobs/run-every";
import { scrapeMetrics } from "../support/scrape";
import { createTestApp } from "../support/test-app";
import { sleep } from "./support";

/**
 * Issue item "metrics for the alerts": what each API process reports of its job leases, read
 * from its own /metrics as Prometheus would. Two apps over one database are two processes (on
 * PostgreSQL each with its own pool).
 */
const TTL = 300;
const quiet = { warn: () => {}, error: () => {} };

let t: Awaited<ReturnType<typeof createTestApp>>;
/** The other process: its app and, on PostgreSQL, its own pool (in-memory SQLite has only the one connection). */
let sibling: { app: FastifyInstance; db: Db };
const cleanup: (() => Promise<void>)[] = [];
beforeEach(async () => {
  t = await createTestApp();
  const db = t.config.databaseUrl ? createDb({ databaseUrl: t.config.databaseUrl, sqliteFile: t.config.sqliteFile }) : t.db;
  sibling = { app: await buildApp({ config: t.config, db, logger: false }), db };
});
afterEach(async () => {
  for (const undo of cleanup.splice(0).reverse()) await undo();
  await sibling.app.close();
  if (sibling.db !== t.db) await sibling.db.kysely.destroy();
  await t.close();
});

/** A process's leases as server.ts makes them: reporting to its app's metrics. */
function leasesOf(app: FastifyInstance, db: Db, holder: string): JobLeases {
  const leases = new JobLeases(db, { ttlMs: TTL, holder, observer: app.metrics });
  app.metrics.watchLeases(leases);
  cleanup.push(() => leases.stop());
  return leases;
}

async function until(check: () => Promise<boolean>, ms = 3 * TTL): Promise<void> {
  const end = performance.now() + ms;
  while (!(await check())) {
    if (performance.now() > end) throw new Error("timed out");
    await sleep(10);
  }
}

describe("job lease metrics", () => {
  it("a paused holder's pass is fenced out and counted lost; the process that took over counts a takeover", async () => {
    const a = leasesOf(t.app, t.db, "a");
    let passes = 0;
    let paused: () => void = () => {};
    const resume = new Promise<void>((resolve) => (paused = resolve));
    let atGate = false;
    const job: Job = runLeased(
      a,
      "counting",
      50,
      async (lease) => {
        if (++passes === 2) {
          atGate = true;
          await resume;
        }
        await lease.transaction(async (trx) => {
          await trx.deleteFrom("app_meta").where("key", "=", "pass").execute();
          await trx.insertInto("app_meta").values({ key: "pass", value: "a" }).execute();
        });
      },
      { log: quiet, failure: "counting failed", observer: t.app.metrics },
    );
    cleanup.push(async () => {
      paused(); // whatever happens below, stopping must not wait on a pass held at the gate
      await job.stop();
    });
    await until(async () => atGate);
    let scrape = await scrapeMetrics(t.app);
    expect(scrape.value("pex_job_lease_held", { job_name: "counting" })).toBe(1);
    // A lease no one held before is no takeover; every counter of a registered job starts at 0.
    expect(scrape.value("pex_job_lease_takeovers_total", { job_name: "counting" })).toBe(0);
    expect(scrape.value("pex_job_lease_lost_total", { job_name: "counting", reason: "fenced" })).toBe(0);

    // SIGSTOP in the middle of pass 2: renewals stop, the lease runs out, the other process takes the job.
    await a.stop();
    await sleep(TTL + 50);
    const b = leasesOf(sibling.app, sibling.db, "b");
    await b.register("counting");
    const other = await scrapeMetrics(sibling.app);
    expect(other.value("pex_job_lease_held", { job_name: "counting" })).toBe(1);
    expect(other.value("pex_job_lease_takeovers_total", { job_name: "counting" })).toBe(1);
    expect(other.value("pex_job_lease_lost_total", { job_name: "counting", reason: "fenced" })).toBe(0);

    // SIGCONT: the pass goes on, its write is refused; a handover, not a failure.
    paused();
    await until(
      async () =>
        (await scrapeMetrics(t.app)).value("pex_job_lease_lost_total", { job_name: "counting", reason: "fenced" }) === 1,
    );
    scrape = await scrapeMetrics(t.app);
    expect(scrape.value("pex_job_lease_held", { job_name: "counting" })).toBe(0);
    expect(scrape.value("pex_job_errors_total", { job_name: "counting" })).toBe(0);
    expect(scrape.value("pex_job_runs_total", { job_name: "counting" })).toBe(1);
    // Summed over the two processes, one holds the job.
    expect(
      [scrape, await scrapeMetrics(sibling.app)].reduce(
        (sum, s) => sum + s.value("pex_job_lease_held", { job_name: "counting" })!,
        0,
      ),
    ).toBe(1);
  });

  it("a renewal that finds another holder counts the lease lost; the job's gauges leave with the lease, its last success stays", async () => {
    const a = leasesOf(t.app, t.db, "a");
    await a.register("chain-watcher");
    t.app.metrics.watcherProgress("recharge", 130, 100);
    t.app.metrics.jobPassed("chain-watcher", 20);
    let scrape = await scrapeMetrics(t.app);
    expect(scrape.value("pex_chain_watcher_lag_blocks", { watcher: "recharge" })).toBe(30);
    expect(scrape.value("pex_chain_watcher_processed_block", { watcher: "recharge" })).toBe(100);
    const passedAt = scrape.value("pex_job_last_success_timestamp_seconds", { job_name: "chain-watcher" })!;
    expect(Math.abs(passedAt - Date.now() / 1000)).toBeLessThan(5);

    // Process a's lease runs out unrenewed (as in a pause) and b takes it, in one transaction:
    // a's next renewal waits for it and then finds b's lease.
    await sibling.db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable("job_leases").set({ expires_at: 0n }).where("name", "=", "chain-watcher").execute();
      expect(await acquireLease(trx, t.db.dialect, "chain-watcher", "b", 60_000)).toBe(2n);
    });
    await until(
      async () =>
        (await scrapeMetrics(t.app)).value("pex_job_lease_lost_total", { job_name: "chain-watcher", reason: "taken" }) === 1,
    );
    scrape = await scrapeMetrics(t.app);
    expect(scrape.value("pex_job_lease_held", { job_name: "chain-watcher" })).toBe(0);
    expect(scrape.series("pex_chain_watcher_lag_blocks")).toEqual([]);
    expect(scrape.series("pex_chain_watcher_processed_block")).toEqual([]);
    expect(scrape.value("pex_job_last_success_timestamp_seconds", { job_name: "chain-watcher" })).toBe(passedAt);
  });

  it("a process without leases reports no lease series, and every job figure it is given", async () => {
    t.app.metrics.watcherProgress("recharge", 12, 12);
    t.app.metrics.lotteryVrfWait(null);
    const scrape = await scrapeMetrics(t.app);
    expect(scrape.series("pex_job_lease_held")).toEqual([]);
    expect(scrape.value("pex_chain_watcher_lag_blocks", { watcher: "recharge" })).toBe(0);
    expect(scrape.value("pex_lottery_vrf_requests_pending")).toBe(0);
    expect(scrape.value("pex_lottery_vrf_oldest_pending_age_seconds")).toBe(0);
  });
});
