/* The background jobs' series in the app's registry: what operators alert on (ops/prometheus/alerts.yml). */
import { Counter, Gauge, Histogram, type Registry } from "prom-client";
import type { Db } from "../db/database";
import { CHAIN_WATCHERS, LEASE_LOSS_REASONS, REORG_REVERSALS, type JobObserver, type LeaseObserver } from "./job-observer";

/** What the lease series read from the process's leases (JobLeases) at scrape time. */
export interface LeaseView {
  /** Every job registered in this process. */
  jobs(): string[];
  /** The jobs whose lease this process holds now. */
  held(): string[];
}

export interface JobMetrics extends Required<JobObserver>, LeaseObserver {
  /**
   * From now on the job-owned gauges (watcher, binder, lottery) are reported only while this
   * process holds the job's lease: a replica that lost it must not keep showing its last figures.
   * Without leases (a test running passes by hand) they are always reported.
   */
  watchLeases(leases: LeaseView): void;
}

/** The job whose lease a gauge's figures belong to. */
const CHAIN_WATCHER = "chain-watcher";
const INVITE_BINDER = "invite-binder";
const LOTTERY_KEEPER = "lottery-keeper";

export function registerJobMetrics(registry: Registry, db: Db): JobMetrics {
  const registers = [registry];
  let leases: LeaseView | null = null;
  const owns = (job: string) => leases === null || leases.held().includes(job);

  const runs = new Counter({
    name: "pex_job_runs_total",
    help: "Passes of a background job, failed ones included",
    labelNames: ["job_name"] as const,
    registers,
  });
  const errors = new Counter({
    name: "pex_job_errors_total",
    help: "Failed passes of a background job",
    labelNames: ["job_name"] as const,
    registers,
  });
  const durations = new Histogram({
    name: "pex_job_run_duration_seconds",
    help: "Duration of a background job's successful passes",
    labelNames: ["job_name"] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 2, 5, 10, 30, 60],
    registers,
  });
  // Kept after the lease moves on: the max over replicas is the last time any of them finished a pass.
  const lastSuccess = new Gauge({
    name: "pex_job_last_success_timestamp_seconds",
    help: "Unix time at which this process last finished a pass of the job well (kept after its lease moves: take the max over replicas)",
    labelNames: ["job_name"] as const,
    registers,
  });

  new Gauge({
    name: "pex_job_lease_held",
    help: "1 while this process holds the job's lease, else 0; every replica reports each job it would run, so the sum over replicas is 1",
    labelNames: ["job_name"] as const,
    registers,
    collect() {
      this.reset();
      const held = new Set(leases?.held() ?? []);
      for (const job of leases?.jobs() ?? []) this.set({ job_name: job }, held.has(job) ? 1 : 0);
    },
  });
  const leasesLost = new Counter({
    name: "pex_job_lease_lost_total",
    help: "Job leases this process lost while running the job: fenced (a pass's write was refused), taken (a renewal found another holder), unrenewed (a renewal failed)",
    labelNames: ["job_name", "reason"] as const,
    registers,
  });
  const takeovers = new Counter({
    name: "pex_job_lease_takeovers_total",
    help: "Job leases this process took from another holder (whose lease expired, or who gave it back at shutdown)",
    labelNames: ["job_name"] as const,
    registers,
  });

  const watchers = new Map<string, { head: number; processed: number }>();
  new Gauge({
    name: "pex_chain_watcher_lag_blocks",
    help: "Blocks between the chain head and the last block the chain watcher has read, after its last pass (lease holder only)",
    labelNames: ["watcher"] as const,
    registers,
    collect() {
      this.reset();
      if (owns(CHAIN_WATCHER)) for (const [watcher, p] of watchers) this.set({ watcher }, Math.max(0, p.head - p.processed));
    },
  });
  new Gauge({
    name: "pex_chain_watcher_processed_block",
    help: "The last block the chain watcher has read (lease holder only)",
    labelNames: ["watcher"] as const,
    registers,
    collect() {
      this.reset();
      if (owns(CHAIN_WATCHER)) for (const [watcher, p] of watchers) this.set({ watcher }, p.processed);
    },
  });
  const reversals = new Counter({
    name: "pex_chain_reorg_reversals_total",
    help: "What chain reorganisations undid: credit (a recharge's money taken back), uncredited_event (an orphaned event that had credited nothing), cursor (the watcher read again from earlier)",
    labelNames: ["watcher", "what"] as const,
    registers,
  });
  // Every series from 0: Prometheus sees no increase in a series whose first sample is already 1.
  for (const watcher of CHAIN_WATCHERS) for (const what of REORG_REVERSALS) reversals.inc({ watcher, what }, 0);

  const payouts = {
    sent: payoutCounter("pex_payouts_sent_total", "Payout transactions signed, stored and broadcast", registers),
    paid: payoutCounter(
      "pex_payouts_confirmed_total",
      "Payouts mined with the required confirmations: the withdrawal is paid",
      registers,
    ),
    failed: payoutCounter("pex_payouts_failed_total", "Payouts that failed and were refunded to the user", registers),
    dropped: payoutCounter(
      "pex_payouts_dropped_total",
      "Payout attempts replaced on chain or lost with the chain: the withdrawal is sent again",
      registers,
    ),
  };
  const unpaid = shared(() => unpaidWithdrawals(db));
  new Gauge({
    name: "pex_payouts_pending",
    help: "Withdrawals not yet paid: waiting for a payout, or its transaction not yet confirmed (the database's, on every replica)",
    registers,
    async collect() {
      // The database is down: say "unknown" rather than fail the scrape (and lose the rest).
      this.set((await unpaid().catch(() => null))?.count ?? Number.NaN);
    },
  });
  new Gauge({
    name: "pex_payouts_oldest_unpaid_age_seconds",
    help: "Age of the oldest withdrawal not yet paid, 0 when none (the database's, on every replica)",
    registers,
    async collect() {
      const found = await unpaid().catch(() => null);
      this.set(found === null ? Number.NaN : found.oldestAt === null ? 0 : Math.max(0, (Date.now() - found.oldestAt) / 1000));
    },
  });

  let binder: { spentToday: number; dailyGas: number; exhausted: boolean } | null = null;
  const binderGauge = (name: string, help: string, value: (b: NonNullable<typeof binder>) => number) =>
    new Gauge({
      name,
      help: `${help} (lease holder only)`,
      registers,
      collect() {
        this.reset();
        if (binder && owns(INVITE_BINDER)) this.set(value(binder));
      },
    });
  binderGauge(
    "pex_invite_binder_gas_budget",
    "The invite binder's daily gas budget (INVITE_BINDER_DAILY_GAS)",
    (b) => b.dailyGas,
  );
  binderGauge("pex_invite_binder_gas_budget_remaining", "Gas left of the invite binder's budget for today (UTC)", (b) =>
    Math.max(0, b.dailyGas - b.spentToday),
  );
  binderGauge(
    "pex_invite_binder_gas_budget_exhausted",
    "1 while the invite binder's next batch would pass today's gas budget: bindings wait for the next UTC day",
    (b) => (b.exhausted ? 1 : 0),
  );
  const binderGas = new Counter({
    name: "pex_invite_binder_gas_spent_total",
    help: "Gas this process counted against the invite binder's budget for the batches it stored (the node's estimate)",
    registers,
  });

  // Chain seconds at the pass, then this process's clock since: the age grows between passes.
  let vrf: { seconds: number; at: number } | null | undefined;
  new Gauge({
    name: "pex_lottery_vrf_requests_pending",
    help: "Lottery randomness requests asked of VRF and not yet answered (lease holder only)",
    registers,
    collect() {
      this.reset();
      if (vrf !== undefined && owns(LOTTERY_KEEPER)) this.set(vrf === null ? 0 : 1);
    },
  });
  new Gauge({
    name: "pex_lottery_vrf_oldest_pending_age_seconds",
    help: "How long the oldest unanswered lottery randomness request has waited, 0 when none (lease holder only)",
    registers,
    collect() {
      this.reset();
      if (vrf !== undefined && owns(LOTTERY_KEEPER))
        this.set(vrf === null ? 0 : vrf.seconds + (performance.now() - vrf.at) / 1000);
    },
  });

  return {
    watchLeases(view) {
      leases = view;
    },
    leaseRegistered(job) {
      for (const counter of [runs, errors, takeovers]) counter.inc({ job_name: job }, 0);
      for (const reason of LEASE_LOSS_REASONS) leasesLost.inc({ job_name: job, reason }, 0);
    },
    jobPassed(name, ms) {
      runs.inc({ job_name: name });
      durations.observe({ job_name: name }, ms / 1000);
      lastSuccess.set({ job_name: name }, Date.now() / 1000);
    },
    jobFailed(name) {
      runs.inc({ job_name: name });
      errors.inc({ job_name: name });
    },
    leaseLost: (job, reason) => leasesLost.inc({ job_name: job, reason }),
    leaseTakenOver: (job) => takeovers.inc({ job_name: job }),
    watcherProgress: (watcher, head, processed) => void watchers.set(watcher, { head, processed }),
    reorgReversed: (watcher, what) => reversals.inc({ watcher, what }),
    payouts(counts) {
      for (const key of ["sent", "paid", "failed", "dropped"] as const) if (counts[key] > 0) payouts[key].inc(counts[key]);
    },
    inviteBinderGas(spentToday, dailyGas, exhausted) {
      binder = { spentToday, dailyGas, exhausted };
    },
    inviteBinderGasSpent: (gas) => binderGas.inc(gas),
    lotteryVrfWait(seconds) {
      vrf = seconds === null ? null : { seconds, at: performance.now() };
    },
  };
}

function payoutCounter(name: string, help: string, registers: Registry[]): Counter {
  return new Counter({ name, help: `${help} (counted by the process that did it: sum over replicas)`, registers });
}

/** One call at a time: the scrape's collectors run together and share one query. */
function shared<T>(fn: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () => (running ??= fn().finally(() => (running = null)));
}

/**
 * "pending" (waiting for the payout worker) and "sending" (its transaction out): one query over
 * the `asset_records(type, status, id)` index, and the oldest one's creation time (ms).
 */
async function unpaidWithdrawals(db: Db): Promise<{ count: number; oldestAt: number | null }> {
  const row = await db.kysely
    .selectFrom("asset_records")
    .select((eb) => [eb.fn.countAll().as("n"), eb.fn.min("created_at").as("oldest")])
    .where("type", "=", "withdraw")
    .where("status", "in", ["pending", "sending"])
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), oldestAt: row.oldest === null ? null : Number(row.oldest) };
}
