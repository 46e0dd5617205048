import fs from "node:fs";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { erc20Abi, type PublicClient } from "viem";
import { gameAbi } from "../../src/generated/abis";
import type { Database } from "../db/schema";
import type { AppConfig } from "../config";
import { chainContractsReader, createChainClient, operatorAccount, type ChainContracts } from "../lib/chain";
import { cursorKey, readCursor, writeCursor, type ChainCursor } from "../modules/chain/cursor.repository";
import { expireIntents } from "../modules/recharge/recharge.repository";
import { creditRechargeEvent, type CreditOutcome } from "../modules/recharge/recharge-credit.service";
import { startPayoutWorker } from "./payout-worker";
import { type Job, runEvery } from "./run-every";

export interface ChainWatcherOptions {
  db: Kysely<Database>;
  client: PublicClient;
  /** Re-read every pass, so a redeploy on a new local chain is picked up without a restart. */
  contracts: () => ChainContracts | null;
  chainId: number;
  confirmations: number;
  batchBlocks: number;
  intentTtlMs: number;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  now?: () => number;
}

export interface WatcherPassResult {
  skipped?: string;
  fromBlock?: number;
  toBlock?: number;
  outcomes: Record<CreditOutcome, number>;
  expired: number;
}

/** Token decimals, read once per token (a token's decimals never change). */
const decimalsCache = new Map<string, number>();

async function tokenDecimals(client: PublicClient, chainId: number, token: `0x${string}`): Promise<number> {
  const key = `${chainId}:${token.toLowerCase()}`;
  let decimals = decimalsCache.get(key);
  if (decimals === undefined) {
    decimals = Number(await client.readContract({ address: token, abi: erc20Abi, functionName: "decimals" }));
    decimalsCache.set(key, decimals);
  }
  return decimals;
}

const MAX_BATCHES_PER_PASS = 20;

/**
 * One pass of the chain watcher: reads the game contract's `Recharged` events for USDT from the
 * cursor up to the newest block with enough confirmations, credits each (exactly once, see
 * creditRechargeEvent), then moves the cursor. The cursor only saves work: crashing anywhere in
 * a pass at worst re-reads events whose credit is already recorded. A different genesis hash
 * than the cursor's means a new chain: the cursor restarts at the deployments' start block.
 */
export async function runChainWatcherPass(o: ChainWatcherOptions): Promise<WatcherPassResult> {
  const now = o.now ?? Date.now;
  const outcomes: Record<CreditOutcome, number> = { matched: 0, unmatched_intent: 0, no_user: 0, duplicate: 0 };
  const expired = await expireIntents(
    o.db,
    now() - o.intentTtlMs,
    `No payment seen within ${Math.round(o.intentTtlMs / 3600_000)} hours`,
    now(),
  );
  const contracts = o.contracts();
  if (!contracts) return { skipped: "no deployments file", outcomes, expired };
  const genesis = (await o.client.getBlock({ blockNumber: 0n })).hash;
  if (genesis !== contracts.deployments.genesisHash) {
    o.log.warn(
      { chain: genesis, deployments: contracts.deployments.genesisHash },
      "deployments file is from another chain; redeploy: not reading events",
    );
    return { skipped: "deployments file from another chain", outcomes, expired };
  }
  const key = cursorKey(o.chainId, contracts.game);
  const stored = await readCursor(o.db, key);
  let cursor: ChainCursor =
    stored && stored.genesisHash === genesis ? stored : { genesisHash: genesis, block: contracts.deployments.startBlock - 1 };
  if (stored && stored.genesisHash !== genesis)
    o.log.info({ from: contracts.deployments.startBlock }, "new chain: recharge cursor reset to the start block");

  const head = Number(await o.client.getBlockNumber());
  const safe = head - (o.confirmations - 1);
  const fromBlock = cursor.block + 1;
  if (safe < fromBlock) {
    if (!stored || stored.genesisHash !== genesis) await writeCursor(o.db, key, cursor);
    return { outcomes, expired };
  }
  const decimals = await tokenDecimals(o.client, o.chainId, contracts.usdt);
  for (let batch = 0; batch < MAX_BATCHES_PER_PASS && cursor.block < safe; batch++) {
    const from = cursor.block + 1;
    const to = Math.min(safe, from + o.batchBlocks - 1);
    const logs = await o.client.getContractEvents({
      address: contracts.game,
      abi: gameAbi,
      eventName: "Recharged",
      args: { token: contracts.usdt },
      fromBlock: BigInt(from),
      toBlock: BigInt(to),
      strict: true,
    });
    logs.sort((a, b) => (a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1));
    for (const log of logs) {
      const outcome = await creditRechargeEvent(
        o.db,
        {
          chainId: o.chainId,
          txHash: log.transactionHash,
          logIndex: log.logIndex,
          blockNumber: log.blockNumber,
          user: log.args.user,
          token: log.args.token,
          random: log.args.random,
          amount: log.args.amount,
          decimals,
        },
        now(),
      );
      outcomes[outcome]++;
      if (outcome !== "duplicate")
        o.log.info({ tx: log.transactionHash, logIndex: log.logIndex, user: log.args.user, outcome }, "recharge event");
    }
    cursor = { genesisHash: genesis, block: to };
    await writeCursor(o.db, key, cursor);
  }
  return { fromBlock, toBlock: cursor.block, outcomes, expired };
}

/** Runs a pass now and then every `intervalMs`, never two at once in this process. */
export function startChainWatcher(o: ChainWatcherOptions & { intervalMs: number }): Job {
  return runEvery(
    o.intervalMs,
    () => runChainWatcherPass(o),
    (err) => o.log.error({ err }, "chain watcher pass failed"),
  );
}

/**
 * The chain jobs of a running server: the recharge watcher, and the payout worker when a payout
 * wallet is configured. Started only when the deployments file exists (a chain is configured);
 * the file is re-read when it changes, so a redeploy needs no restart.
 */
export function startChainJobs(config: AppConfig, db: Kysely<Database>, log: FastifyBaseLogger): Job | null {
  if (!fs.existsSync(config.deploymentsFile)) {
    log.info({ file: config.deploymentsFile }, "no deployments file: chain watcher and payout worker stay off");
    return null;
  }
  const contracts = chainContractsReader(config.deploymentsFile, config.chainId, (err) =>
    log.error({ err }, "cannot read the deployments file"),
  );
  const client = createChainClient(config);
  const common = { db, client, contracts, chainId: config.chainId, confirmations: config.chainConfirmations };
  const jobs = [
    startChainWatcher({
      ...common,
      batchBlocks: config.chainLogBatchBlocks,
      intentTtlMs: config.rechargeIntentTtlMs,
      intervalMs: config.chainWatchIntervalMs,
      log: log.child({ job: "chain-watcher" }),
    }),
  ];
  const account = operatorAccount(config);
  if (account) {
    jobs.push(
      startPayoutWorker({ ...common, account, intervalMs: config.payoutIntervalMs, log: log.child({ job: "payout-worker" }) }),
    );
    log.info({ operator: account.address }, "payout worker started");
  } else {
    log.warn("OPERATOR_PRIVATE_KEY is not set: withdrawals stay Pending until a payout wallet is configured");
  }
  return {
    async stop() {
      await Promise.all(jobs.map((j) => j.stop()));
    },
  };
}
