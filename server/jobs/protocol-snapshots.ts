import fs from "node:fs";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { PublicClient } from "viem";
import { frontAbi } from "../../src/generated/abis";
import type { SnapshotPoint } from "../../domain/snapshot-history";
import type { AppConfig } from "../config";
import type { Database } from "../db/schema";
import { createChainClient, readChainContracts } from "../lib/chain";
import { recordSnapshot } from "../modules/protocol/snapshot.service";

/** Reads the dashboard figures at the latest block: Front.getDashboard() (docs/contracts.md). */
export async function readDashboardPoint(client: PublicClient, front: `0x${string}`, now = Date.now()): Promise<SnapshotPoint> {
  const blockNumber = await client.getBlockNumber();
  const d = await client.readContract({ address: front, abi: frontAbi, functionName: "getDashboard", blockNumber });
  return {
    takenAt: now,
    blockNumber,
    synthetic: false,
    figures: {
      marketCap: d.marketCap,
      pexPrice: d.pexPrice,
      backingPerPex: d.backingPerPex,
      pexTotalSupply: d.pexTotalSupply,
      winPrice: d.winPrice,
      winVault: d.winVault,
      win1Price: d.win1Price,
      win1Vault: d.win1Vault,
      treasury1Value: d.treasury1Value,
      treasury2Value: d.treasury2Value,
      totalDepositedPex: d.totalDepositedPex,
      polLiquidity: d.polLiquidity,
      polValue: d.polValue,
    },
    ethPrice: d.ethPrice,
    polShareBps: d.polShareBps,
  };
}

export interface SnapshotSource {
  genesisHash: string;
  read: () => Promise<SnapshotPoint>;
}

/** One pass: read, record (the chain's first pass also writes the synthetic history). */
export async function runSnapshotPass(db: Kysely<Database>, source: SnapshotSource | null) {
  if (!source) return null;
  const point = await source.read();
  return { point, ...(await recordSnapshot(db, source.genesisHash, point)) };
}

/**
 * Records the dashboard figures every PROTOCOL_SNAPSHOT_INTERVAL_MS (default 10 minutes) and once
 * at start. The deployments file is re-read each pass: a redeployed local chain starts a new history.
 */
export function startProtocolSnapshotJob(
  config: AppConfig,
  db: Kysely<Database>,
  log: FastifyBaseLogger,
): { stop(): Promise<void> } | null {
  if (config.protocolSnapshotIntervalMs === 0) {
    log.info("protocol snapshots off (PROTOCOL_SNAPSHOT_INTERVAL_MS=0)");
    return null;
  }
  const jobLog = log.child({ job: "protocol-snapshots" });
  const client = createChainClient(config);
  const source = (): SnapshotSource | null => {
    if (!fs.existsSync(config.deploymentsFile)) return null;
    const contracts = readChainContracts(config.deploymentsFile, config.chainId);
    const front = contracts?.deployments.contracts.front;
    if (!contracts || !front) return null;
    return { genesisHash: contracts.deployments.genesisHash, read: () => readDashboardPoint(client, front) };
  };
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | null = null;
  const tick = () => {
    running = Promise.resolve()
      .then(() => runSnapshotPass(db, source()))
      .then(
        (r) => r && jobLog.info({ block: Number(r.point.blockNumber), synthetic: r.synthetic }, "dashboard snapshot recorded"),
      )
      .catch((err: unknown) => jobLog.warn({ err }, "dashboard snapshot failed"))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, config.protocolSnapshotIntervalMs);
      });
  };
  tick();
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
