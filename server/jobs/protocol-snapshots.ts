import type { FastifyBaseLogger } from "fastify";
import type { PublicClient } from "viem";
import { frontAbi } from "../../generated/abis";
import type { SnapshotPoint } from "../../domain/snapshot-history";
import type { AppConfig } from "../config";
import { chainContractsReader, createChainClient } from "../lib/chain";
import { recordSnapshotInTrx } from "../modules/protocol/snapshot.service";
import { type JobRunner, runLeased } from "./lease/run-leased";
import { type JobLease, withLease } from "./lease/with-lease";
import type { Job } from "./run-every";

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
export async function runSnapshotPass(lease: JobLease, source: SnapshotSource | null) {
  if (!source) return null;
  const point = await source.read();
  return { point, ...(await withLease(lease, (trx) => recordSnapshotInTrx(trx, source.genesisHash, point))) };
}

/**
 * Records the dashboard figures every PROTOCOL_SNAPSHOT_INTERVAL_MS (default 10 minutes) and once
 * at start. The deployments file is re-read each pass: a redeployed local chain starts a new history.
 */
export function startProtocolSnapshotJob(config: AppConfig, runner: JobRunner, log: FastifyBaseLogger): Job | null {
  if (config.protocolSnapshotIntervalMs === 0) {
    log.info("protocol snapshots off (PROTOCOL_SNAPSHOT_INTERVAL_MS=0)");
    return null;
  }
  const jobLog = log.child({ job: "protocol-snapshots" });
  const client = createChainClient(config);
  const contracts = chainContractsReader(config.deploymentsFile, config.chainId, (err) =>
    jobLog.warn({ err }, "dashboard snapshot failed: cannot read the deployments file"),
  );
  const source = (): SnapshotSource | null => {
    const c = contracts();
    const front = c?.deployments.contracts.front;
    if (!c || !front) return null;
    return { genesisHash: c.deployments.genesisHash, read: () => readDashboardPoint(client, front) };
  };
  return runLeased(
    runner.leases,
    "protocol-snapshots",
    config.protocolSnapshotIntervalMs,
    async (lease) => {
      const r = await runSnapshotPass(lease, source());
      if (r) jobLog.info({ block: Number(r.point.blockNumber), synthetic: r.synthetic }, "dashboard snapshot recorded");
    },
    { log: jobLog, failure: "dashboard snapshot failed", failureLevel: "warn", observer: runner.observer },
  );
}
