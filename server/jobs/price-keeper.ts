import type { FastifyBaseLogger } from "fastify";
import { createWalletClient, http, keccak256, toHex, type LocalAccount, type PublicClient } from "viem";
import { ethUsdPriceFeedAbi } from "../../generated/abis";
import type { AppConfig } from "../config";
import { chainContractsReader, createChainClient } from "../lib/chain";
import { runPexAverageKeeperPass, type PexAverageKeeperOptions } from "./pex-average-keeper";
import { type JobRunner, runLeased } from "./lease/run-leased";
import { confirmLease } from "./lease/with-lease";
import type { Job } from "./run-every";

const UPDATER_ROLE = keccak256(toHex("UPDATER_ROLE"));

export type PriceKeeperAction = "idle" | "fresh" | "updated" | "not-updater";

export interface PriceKeeperOptions {
  client: PublicClient;
  account: LocalAccount;
  /** The feed, re-read every pass (a redeploy on the local chain moves it). */
  feed: () => `0x${string}` | null;
  /** The answer to keep on the feed (ETH/USD with the feed's 8 decimals). */
  answer: bigint;
  /** Chain seconds after which the answer is pushed again. */
  refreshSeconds: number;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /**
   * Awaited right before each transaction is sent: throws when this process no longer holds the
   * job (its lease, confirmed with a fresh database check). Absent: sends unchecked (tests).
   */
  beforeSend?: () => Promise<void>;
}

/**
 * One pass of the price keeper: pushes `answer` to our ETH/USD feed (contracts/oracle/
 * EthUsdPriceFeed.sol) when the feed's answer is `refreshSeconds` old or another price. Age is
 * measured at the pending block, whose timestamp is the one calls and transactions see: it moves
 * with the wall clock on an idle chain and jumps with evm_increaseTime, so both are caught.
 * A feed the keeper may not push to (a Chainlink aggregator, or our feed without the role) is
 * left alone: "not-updater".
 */
export async function runPriceKeeperPass(o: PriceKeeperOptions): Promise<{ action: PriceKeeperAction; updatedAt: bigint }> {
  const feed = o.feed();
  if (!feed) return { action: "idle", updatedAt: 0n };
  const { client } = o;
  const mayPush = await client
    .readContract({ address: feed, abi: ethUsdPriceFeedAbi, functionName: "hasRole", args: [UPDATER_ROLE, o.account.address] })
    .catch(() => false);
  const [, answer, , updatedAt] = await client.readContract({
    address: feed,
    abi: ethUsdPriceFeedAbi,
    functionName: "latestRoundData",
  });
  if (!mayPush) return { action: "not-updater", updatedAt };
  const now = (await client.getBlock({ blockTag: "pending" })).timestamp;
  if (answer === o.answer && now < updatedAt + BigInt(o.refreshSeconds)) return { action: "fresh", updatedAt };

  const wallet = createWalletClient({ account: o.account, chain: client.chain, transport: http(client.transport.url) });
  await o.beforeSend?.();
  const hash = await wallet.writeContract({
    address: feed,
    abi: ethUsdPriceFeedAbi,
    functionName: "updateAnswer",
    args: [o.answer],
    chain: client.chain ?? null,
  });
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`updateAnswer reverted in ${hash}`);
  const [, , , pushedAt] = await client.readContract({
    address: feed,
    abi: ethUsdPriceFeedAbi,
    functionName: "latestRoundData",
    blockNumber: receipt.blockNumber,
  });
  o.log.info(
    { answer: o.answer.toString(), previousUpdatedAt: Number(updatedAt), updatedAt: Number(pushedAt) },
    "eth/usd answer pushed",
  );
  return { action: "updated", updatedAt: pushedAt };
}

/**
 * Starts the keeper when its key is configured (`account`; the local chain has one by default). Each
 * pass tends the ETH/USD feed, then observes Front's PEX-ETH average when due (which needs no
 * role, so that part also runs beside a Chainlink feed). Passes never overlap; a failed pass is
 * logged and retried next interval. "not-updater" is logged once: with a Chainlink feed there is
 * no answer to push.
 */
export function startPriceKeeper(
  config: AppConfig,
  account: LocalAccount | null,
  runner: JobRunner,
  log: FastifyBaseLogger,
): Job | null {
  if (config.priceKeeperIntervalMs === 0 || !account) {
    log.info("price keeper off (PRICE_KEEPER_INTERVAL_MS=0, or no price keeper key)");
    return null;
  }
  const contracts = chainContractsReader(config.deploymentsFile, config.chainId);
  const feed = () => contracts()?.deployments.contracts.priceFeed ?? null;
  const front = () => contracts()?.deployments.contracts.front ?? null;
  const options: PriceKeeperOptions = {
    client: createChainClient(config),
    account,
    feed,
    answer: config.ethUsdAnswer,
    refreshSeconds: config.priceKeeperRefreshSeconds,
    log: log.child({ job: "price-keeper" }),
  };
  const average: PexAverageKeeperOptions = { client: options.client, account: options.account, oracle: front, log: options.log };
  let lastAction: PriceKeeperAction | null = null;
  return runLeased(
    runner.leases,
    "price-keeper",
    config.priceKeeperIntervalMs,
    async (lease) => {
      const beforeSend = () => confirmLease(lease);
      const { action } = await runPriceKeeperPass({ ...options, beforeSend });
      if (action === "not-updater" && lastAction !== action)
        options.log.warn({ keeper: options.account.address }, "price keeper may not push to this feed: nothing to do");
      lastAction = action;
      await runPexAverageKeeperPass({ ...average, beforeSend });
    },
    { log: options.log, failure: "price keeper pass failed", failureLevel: "warn", observer: runner.observer },
  );
}
