import { buildApp } from "./build-app";
import { loadConfig } from "./config";
import { describeServerAccounts, loadServerAccounts } from "./lib/signers/server-accounts";
import { createDb } from "./db/database";
import { migrateToLatest } from "./db/migrate";
import { startChainJobs } from "./jobs/chain-watcher";
import { startEventPruningJob } from "./jobs/event-pruning";
import { startInviteBinder } from "./jobs/invite-binder";
import { JobLeases } from "./jobs/lease/job-leases";
import type { JobRunner } from "./jobs/lease/run-leased";
import { startLotteryKeeper } from "./jobs/lottery-keeper";
import { startPriceKeeper } from "./jobs/price-keeper";
import { startProtocolSnapshotJob } from "./jobs/protocol-snapshots";
import type { Job } from "./jobs/run-every";
import { startSessionCleanupJob } from "./jobs/session-cleanup";
import { startSettlementJob } from "./jobs/settlement";

/** Listens and shuts down gracefully; everything else lives in the app plugin. */
async function main() {
  const config = loadConfig();
  // Each job's key, decrypted or set up once before anything else: a refused key stops the start
  // here, before the database or the port is touched (docs/operations.md, "Server keys").
  const accounts = await loadServerAccounts(config);
  const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  await migrateToLatest(db);
  // Which background jobs this process runs now, among the API processes over the database
  // (issue 15): what the readiness check reports as `jobs`.
  let leases: JobLeases | null = null;
  const app = await buildApp({ config, db, heldJobs: () => leases?.held() ?? [] });
  leases = new JobLeases(db, { ttlMs: config.jobLeaseMs, log: app.log.child({ job: "leases" }), observer: app.metrics });
  // Leases lost and taken over, passes and failures of every job, and each job's own figures go
  // to the app's /metrics; a job's gauges only while this process holds its lease.
  app.metrics.watchLeases(leases);
  const runner: JobRunner = { leases, observer: app.metrics };
  app.log.info({ keys: describeServerAccounts(config, accounts) }, "server keys");

  const jobs: (Job | null)[] = [];
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, "shutting down");
    // Passes finish first, so nothing is written after the leases are given back; then another
    // process takes the jobs over at its next tick instead of waiting for the leases to run out.
    await Promise.all(jobs.map((job) => job?.stop()));
    await leases?.release();
    await app.close();
    await db.kysely.destroy();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ host: config.host, port: config.port });
  // Every job below runs in the one process holding its lease, and writes only in transactions
  // fenced by it (withLease: ADR-0197).
  // Daily income and team rewards; the first pass catches up whatever a stopped server missed.
  const { settlementIntervalMs: intervalMs, teamRewardRatesPpm: rewardRatesPpm } = config;
  if (intervalMs > 0) jobs.push(startSettlementJob({ runner, intervalMs, rewardRatesPpm, log: app.log }));
  // Recharge watcher and withdrawal payouts, when a chain is configured (its deployments file exists).
  jobs.push(startChainJobs(config, accounts.payout, runner, app.log));
  // Lottery rounds: start, auto-join, request the draw and reveal (docs/contracts.md, Randomness).
  jobs.push(startLotteryKeeper(config, accounts.lotteryKeeper, runner, app.log));
  // Dashboard figures over time (issue 7): one snapshot now, then every PROTOCOL_SNAPSHOT_INTERVAL_MS.
  jobs.push(startProtocolSnapshotJob(config, runner, app.log));
  // The local ETH/USD feed's answer, kept fresh (ADR-0010, "ETH/USD price keeper"); idle with a Chainlink feed.
  jobs.push(startPriceKeeper(config, accounts.priceKeeper, runner, app.log));
  // Expired sessions and nonces, ended rate-limit windows.
  jobs.push(startSessionCleanupJob({ runner, intervalMs: config.sessionCleanupIntervalMs, log: app.log }));
  // Live-update events past their day, and the rows of streams a crashed process left.
  const { eventPruneIntervalMs, eventRetentionMs } = config;
  jobs.push(startEventPruningJob({ runner, intervalMs: eventPruneIntervalMs, retentionMs: eventRetentionMs, log: app.log }));
  // Registrations mirrored into the DAO's invitation tree on chain (ADR-0149, "Invitation tree on chain").
  jobs.push(startInviteBinder(config, accounts.inviteBinder, runner, app.log));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
