import fs from "node:fs";
import type { FastifyBaseLogger } from "fastify";
import { erc20Abi, type LocalAccount, type PublicClient } from "viem";
import { gameAbi } from "../../generated/abis";
import type { AppConfig } from "../config";
import { blockHashReader } from "../lib/block-hashes";
import { chainContractsReader, createChainClient, type ChainContracts } from "../lib/chain";
import { cursorKey, readCursor, writeCursor, type ChainCursor } from "../modules/chain/cursor.repository";
import { expireIntents } from "../modules/recharge/recharge.repository";
import { creditRechargeEventInTrx, type CreditOutcome } from "../modules/recharge/recharge-credit.service";
import { startPayoutWorker } from "./payout-worker";
import { trackConfirmations } from "./recharge-confirmations";
import { RECHARGE_WATCHER, reconcileRecharges, type ReconcileResult } from "./recharge-reconciliation";
import type { JobObserver } from "../lib/job-observer";
import { type JobRunner, runLeased } from "./lease/run-leased";
import { type JobLease, withLease } from "./lease/with-lease";
import type { Job } from "./run-every";

export interface ChainWatcherOptions {
  /** The job's lease: its reads, and the fenced transactions every write of the pass is made in. */
  lease: JobLease;
  client: PublicClient;
  /** Re-read every pass, so a redeploy on a new local chain is picked up without a restart. */
  contracts: () => ChainContracts | null;
  chainId: number;
  confirmations: number;
  /** Blocks below the head within which credits are re-checked (and the cursor rewinds after a reorganisation). */
  reorgWindow: number;
  batchBlocks: number;
  intentTtlMs: number;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  now?: () => number;
  /** Told of the pass's progress and of what a reorganisation undid (the app's metrics). */
  observer?: Pick<JobObserver, "watcherProgress" | "reorgReversed">;
}

export interface WatcherPassResult {
  skipped?: string;
  fromBlock?: number;
  toBlock?: number;
  outcomes: Record<CreditOutcome, number>;
  expired: number;
  reconciled?: ReconcileResult;
  /** The cursor went back because the chain below it changed (or the node is behind it). */
  rewound?: boolean;
  /** Pending recharges whose payment is seen and counting confirmations. */
  confirming?: number;
  /** Blocks between the chain's head and the last block read (a metric: how far behind the watcher is). */
  lagBlocks?: number;
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

/** Each log's place among its transaction's logs in `logs` (sorted): the ordinal of its key. */
function ordinals(logs: { transactionHash: string }[]): number[] {
  const seen = new Map<string, number>();
  return logs.map((l) => {
    const n = seen.get(l.transactionHash) ?? 0;
    seen.set(l.transactionHash, n + 1);
    return n;
  });
}

/**
 * One pass of the chain watcher:
 * 1. re-checks the credits within the reorganisation window against the canonical chain and
 *    reverses those whose block left it (reconcileRecharges);
 * 2. checks the cursor's block is still canonical, and rewinds the cursor by the window when it
 *    is not (a reorganisation below it may hold events not read yet, or mined again);
 * 3. reads the game contract's `Recharged` events for USDT from the cursor up to the newest block
 *    with enough confirmations, credits each (exactly once, see creditRechargeEvent), then moves
 *    the cursor;
 * 4. with more than one confirmation, shows the depth of payments not yet credited.
 * The cursor only saves work: crashing anywhere in a pass at worst re-reads events whose credit
 * is already recorded. A different genesis hash than the cursor's means a new chain: the cursor
 * restarts at the deployments' start block.
 */
export async function runChainWatcherPass(o: ChainWatcherOptions): Promise<WatcherPassResult> {
  const now = o.now ?? Date.now;
  const outcomes: Record<CreditOutcome, number> = {
    matched: 0,
    unmatched_intent: 0,
    no_user: 0,
    duplicate: 0,
    moved: 0,
    recredited: 0,
  };
  const expired = await withLease(o.lease, (trx) =>
    expireIntents(trx, now() - o.intentTtlMs, `No payment seen within ${Math.round(o.intentTtlMs / 3600_000)} hours`, now()),
  );
  const contracts = o.contracts();
  if (!contracts) return { skipped: "no deployments file", outcomes, expired };
  const genesis = (await o.client.getBlock({ blockNumber: 0n })).hash.toLowerCase();
  if (genesis !== contracts.deployments.genesisHash.toLowerCase()) {
    o.log.warn(
      { chain: genesis, deployments: contracts.deployments.genesisHash },
      "deployments file is from another chain; redeploy: not reading events",
    );
    return { skipped: "deployments file from another chain", outcomes, expired };
  }
  const hashAt = blockHashReader(o.client);
  const head = Number(await o.client.getBlockNumber());
  const reconciled = await reconcileRecharges(
    { ...o, now },
    { genesis, game: contracts.game, usdt: contracts.usdt, head: BigInt(head), hashAt },
  );

  const key = cursorKey(o.chainId, contracts.game);
  const saveCursor = (c: ChainCursor) => withLease(o.lease, (trx) => writeCursor(trx, key, c));
  const start = contracts.deployments.startBlock;
  const stored = await readCursor(o.lease.reads, key);
  let cursor: ChainCursor =
    stored && stored.genesisHash.toLowerCase() === genesis ? stored : { genesisHash: genesis, block: start - 1 };
  if (stored && stored.genesisHash.toLowerCase() !== genesis)
    o.log.info({ from: start }, "new chain: recharge cursor reset to the start block");
  let rewound = false;
  if (
    cursor.block >= start &&
    (cursor.block > head || (cursor.blockHash && (await hashAt(BigInt(cursor.block))) !== cursor.blockHash))
  ) {
    // Re-reading is harmless (credits are keyed), missing a block is not.
    const back = Math.max(start - 1, Math.min(cursor.block, head) - o.reorgWindow);
    o.log.warn({ from: cursor.block, to: back }, "the chain changed below the recharge cursor: reading again from earlier");
    cursor = { genesisHash: genesis, block: back };
    rewound = true;
    await saveCursor(cursor);
    o.observer?.reorgReversed?.(RECHARGE_WATCHER, "cursor");
  }

  const safe = head - (o.confirmations - 1);
  const fromBlock = cursor.block + 1;
  const base = { outcomes, expired, reconciled, ...(rewound ? { rewound } : {}) };
  if (safe >= fromBlock) {
    const decimals = await tokenDecimals(o.client, o.chainId, contracts.usdt);
    for (let batch = 0; batch < MAX_BATCHES_PER_PASS && cursor.block < safe; batch++) {
      const from = cursor.block + 1;
      const to = Math.min(safe, from + o.batchBlocks - 1);
      // Read before the logs: a reorganisation after this leaves a hash the next pass finds stale.
      const toHash = await hashAt(BigInt(to));
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
      const ordinal = ordinals(logs);
      for (const [i, log] of logs.entries()) {
        const event = {
          chainId: o.chainId,
          genesisHash: genesis,
          txHash: log.transactionHash,
          ordinal: ordinal[i]!,
          logIndex: log.logIndex,
          blockNumber: log.blockNumber,
          blockHash: log.blockHash,
          user: log.args.user,
          token: log.args.token,
          random: log.args.random,
          amount: log.args.amount,
          decimals,
        };
        const outcome = await withLease(o.lease, (trx) => creditRechargeEventInTrx(trx, event, now()));
        outcomes[outcome]++;
        if (outcome !== "duplicate")
          o.log.info({ tx: log.transactionHash, logIndex: log.logIndex, user: log.args.user, outcome }, "recharge event");
      }
      cursor = { genesisHash: genesis, block: to, ...(toHash ? { blockHash: toHash } : {}) };
      await saveCursor(cursor);
    }
  } else if (!stored || stored.genesisHash.toLowerCase() !== genesis) {
    await saveCursor(cursor);
  }
  const confirming =
    o.confirmations > 1
      ? await trackConfirmations(
          { lease: o.lease, client: o.client, now },
          {
            game: contracts.game,
            usdt: contracts.usdt,
            head: BigInt(head),
            safe: BigInt(safe),
            startBlock: BigInt(start),
            maxBlocks: o.batchBlocks,
            required: o.confirmations,
          },
        )
      : undefined;
  o.observer?.watcherProgress?.(RECHARGE_WATCHER, head, cursor.block);
  return {
    ...base,
    lagBlocks: Math.max(0, head - cursor.block),
    ...(safe >= fromBlock ? { fromBlock, toBlock: cursor.block } : {}),
    ...(confirming === undefined ? {} : { confirming }),
  };
}

/** Runs a pass now and then every `intervalMs` while this process holds the job's lease. */
export function startChainWatcher(runner: JobRunner, o: Omit<ChainWatcherOptions, "lease"> & { intervalMs: number }): Job {
  const pass = (lease: JobLease) => runChainWatcherPass({ observer: runner.observer, ...o, lease });
  return runLeased(runner.leases, "chain-watcher", o.intervalMs, pass, {
    log: o.log,
    failure: "chain watcher pass failed",
    observer: runner.observer,
  });
}

/**
 * The chain jobs of a running server: the recharge watcher, and the payout worker when the payout
 * wallet's key is configured (`account`, from server/lib/signers). Started only when the deployments file exists (a chain is configured);
 * the file is re-read when it changes, so a redeploy needs no restart.
 */
export function startChainJobs(
  config: AppConfig,
  account: LocalAccount | null,
  runner: JobRunner,
  log: FastifyBaseLogger,
): Job | null {
  if (!fs.existsSync(config.deploymentsFile)) {
    log.info({ file: config.deploymentsFile }, "no deployments file: chain watcher and payout worker stay off");
    return null;
  }
  const contracts = chainContractsReader(config.deploymentsFile, config.chainId, (err) =>
    log.error({ err }, "cannot read the deployments file"),
  );
  const client = createChainClient(config);
  const common = { client, contracts, chainId: config.chainId, confirmations: config.chainConfirmations };
  const jobs = [
    startChainWatcher(runner, {
      ...common,
      reorgWindow: config.chainReorgWindowBlocks,
      batchBlocks: config.chainLogBatchBlocks,
      intentTtlMs: config.rechargeIntentTtlMs,
      intervalMs: config.chainWatchIntervalMs,
      log: log.child({ job: "chain-watcher" }),
    }),
  ];
  if (account) {
    jobs.push(
      startPayoutWorker(runner, {
        ...common,
        account,
        intervalMs: config.payoutIntervalMs,
        replacementWindowMs: config.payoutReplacementWindowMs,
        log: log.child({ job: "payout-worker" }),
      }),
    );
    log.info({ operator: account.address }, "payout worker started");
  } else {
    log.warn("no payout key (OPERATOR_KEYSTORE or OPERATOR_SIGNER_URL): withdrawals stay Pending until one is configured");
  }
  return {
    async stop() {
      await Promise.all(jobs.map((j) => j.stop()));
    },
  };
}
