import { buildApp } from "./build-app";
import { loadConfig } from "./config";
import { createDb } from "./db/database";
import { migrateToLatest } from "./db/migrate";
import { startChainJobs } from "./jobs/chain-watcher";
import { startInviteBinder } from "./jobs/invite-binder";
import { startLotteryKeeper } from "./jobs/lottery-keeper";
import { startPriceKeeper } from "./jobs/price-keeper";
import { startProtocolSnapshotJob } from "./jobs/protocol-snapshots";
import { startSessionCleanupJob } from "./jobs/session-cleanup";
import { startSettlementJob } from "./jobs/settlement";

/** Listens and shuts down gracefully; everything else lives in the app plugin. */
async function main() {
  const config = loadConfig();
  const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  await migrateToLatest(db);
  const app = await buildApp({ config, db });

  let settlement: { stop(): Promise<void> } | null = null;
  let chainJobs: { stop(): Promise<void> } | null = null;
  let lotteryKeeper: { stop(): Promise<void> } | null = null;
  let snapshots: { stop(): Promise<void> } | null = null;
  let priceKeeper: { stop(): Promise<void> } | null = null;
  let sessionCleanup: { stop(): Promise<void> } | null = null;
  let inviteBinder: { stop(): Promise<void> } | null = null;
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, "shutting down");
    await settlement?.stop();
    await chainJobs?.stop();
    await lotteryKeeper?.stop();
    await snapshots?.stop();
    await priceKeeper?.stop();
    await sessionCleanup?.stop();
    await inviteBinder?.stop();
    await app.close();
    await db.kysely.destroy();
    process.exit(0);
  };
  process.once("SIGINT", () => void shutdown("SIGINT"));
  process.once("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ host: config.host, port: config.port });
  // Daily income and team rewards; the first pass catches up whatever a stopped server missed.
  const { settlementIntervalMs: intervalMs, teamRewardRatesPpm: rewardRatesPpm } = config;
  if (intervalMs > 0) settlement = startSettlementJob({ db: db.kysely, intervalMs, rewardRatesPpm, log: app.log });
  // Recharge watcher and withdrawal payouts, when a chain is configured (its deployments file exists).
  chainJobs = startChainJobs(config, db.kysely, app.log);
  // Lottery rounds: start, auto-join, request the draw and reveal (docs/contracts.md, Randomness).
  lotteryKeeper = startLotteryKeeper(config, app.log);
  // Dashboard figures over time (issue 7): one snapshot now, then every PROTOCOL_SNAPSHOT_INTERVAL_MS.
  snapshots = startProtocolSnapshotJob(config, db.kysely, app.log);
  // The local ETH/USD feed's answer, kept fresh (docs/decisions.md, Chain); idle with a Chainlink feed.
  priceKeeper = startPriceKeeper(config, app.log);
  // Expired sessions and nonces, ended rate-limit windows.
  sessionCleanup = startSessionCleanupJob({ db: db.kysely, intervalMs: config.sessionCleanupIntervalMs, log: app.log });
  // Registrations mirrored into the DAO's invitation tree on chain (docs/decisions.md, Invitation tree on chain).
  inviteBinder = startInviteBinder(config, db, app.log);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
