import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type Metric } from "prom-client";
import type { Db } from "../db/database";
import { RequestHistogram } from "./request-histogram";

/** The app's Prometheus metrics, and what jobs and the chain watcher report into them. */
export interface AppMetrics {
  /** This app's own series (a registry per app: tests build many apps in one process). */
  registry: Registry;
  /** One pass of a background job ended well after `ms` milliseconds. */
  jobPassed(name: string, ms: number): void;
  /** One pass of a background job failed. */
  jobFailed(name: string): void;
  /** Blocks between the chain head and the last block the watcher has read. */
  watcherLag(blocks: number): void;
  /** The invite binder's gas today (UTC), its daily budget, and whether the budget stopped it. */
  inviteBinderGas(spentToday: number, dailyGas: number, exhausted: boolean): void;
  /** One answered request: its method, route pattern (never the raw URL), status and seconds. */
  requestServed(method: string, route: string, status: number, seconds: number): void;
  /** The text a scrape answers: the process's default metrics and this app's. */
  exposition(): Promise<{ contentType: string; text: string }>;
}

/**
 * Process metrics (CPU, memory, event loop, GC) describe the process, not an app: they are
 * collected once per process into their own registry, since each collection starts its own
 * event-loop monitor and GC observer that are never stopped.
 */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

export function createMetrics(db: Db): AppMetrics {
  const registry = new Registry();
  const requests = new RequestHistogram(
    "http_request_duration_seconds",
    "Time to answer a request, by method, route pattern and status code",
  );
  // A registry takes any object that exports as a metric does; its types name prom-client's own classes.
  registry.registerMetric(requests as unknown as Metric);
  const runs = new Counter({
    name: "job_runs_total",
    help: "Passes of a background job, failed ones included",
    labelNames: ["job"] as const,
    registers: [registry],
  });
  const errors = new Counter({
    name: "job_errors_total",
    help: "Failed passes of a background job",
    labelNames: ["job"] as const,
    registers: [registry],
  });
  const durations = new Histogram({
    name: "job_run_duration_seconds",
    help: "Duration of a background job's successful passes",
    labelNames: ["job"] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 2, 5, 10, 30, 60],
    registers: [registry],
  });
  const lag = new Gauge({
    name: "chain_watcher_lag_blocks",
    help: "Blocks between the chain head and the last block the chain watcher has read",
    registers: [registry],
  });
  const binderGas = new Gauge({
    name: "invite_binder_gas_spent_today",
    help: "Gas counted for the invite binder's transactions today (UTC), the budget's running total",
    registers: [registry],
  });
  const binderBudget = new Gauge({
    name: "invite_binder_gas_daily_budget",
    help: "The invite binder's daily gas budget (INVITE_BINDER_DAILY_GAS)",
    registers: [registry],
  });
  const binderExhausted = new Gauge({
    name: "invite_binder_gas_budget_exhausted",
    help: "1 while the invite binder's next batch would pass today's gas budget: bindings wait for the next UTC day",
    registers: [registry],
  });
  new Gauge({
    name: "payouts_pending",
    help: "Withdrawals not yet paid: waiting for a payout, or its transaction not yet confirmed",
    registers: [registry],
    async collect() {
      try {
        this.set(await countUnpaidWithdrawals(db));
      } catch {
        // The database is down: say "unknown" rather than fail the scrape (and lose the rest).
        this.set(Number.NaN);
      }
    },
  });

  return {
    registry,
    jobPassed(name, ms) {
      runs.inc({ job: name });
      durations.observe({ job: name }, ms / 1000);
    },
    jobFailed(name) {
      runs.inc({ job: name });
      errors.inc({ job: name });
    },
    watcherLag: (blocks) => lag.set(blocks),
    inviteBinderGas(spentToday, dailyGas, exhausted) {
      binderGas.set(spentToday);
      binderBudget.set(dailyGas);
      binderExhausted.set(exhausted ? 1 : 0);
    },
    requestServed: (method, route, status, seconds) => requests.observe(method, route, status, seconds),
    async exposition() {
      const merged = Registry.merge([processMetrics(), registry]);
      return { contentType: merged.contentType, text: await merged.metrics() };
    },
  };
}

/** "pending" (waiting for the payout worker) and "sending" (its transaction out): one indexed count. */
async function countUnpaidWithdrawals(db: Db): Promise<number> {
  const row = await db.kysely
    .selectFrom("asset_records")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("type", "=", "withdraw")
    .where("status", "in", ["pending", "sending"])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
