import type { FastifyBaseLogger } from "fastify";
import { createWalletClient, http, type LocalAccount, type PublicClient } from "viem";
import { frontAbi } from "../../generated/abis";

export type PexAverageKeeperAction = "idle" | "fresh" | "observed";

export interface PexAverageKeeperOptions {
  client: PublicClient;
  /** Any funded account: `update()` needs no role. */
  account: LocalAccount;
  /** Front, whose PEX-ETH average it observes; re-read every pass (a redeploy moves it). */
  oracle: () => `0x${string}` | null;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  /**
   * Awaited right before each transaction is sent: throws when this process no longer holds the
   * job (its lease, confirmed with a fresh database check). Absent: sends unchecked (tests).
   */
  beforeSend?: () => Promise<void>;
}

/**
 * One pass of the PEX-ETH average's keeper: calls Front's public `update()` once the window has
 * passed since the last observation (contracts/oracle/UniswapV2TwapOracle.sol), so a quiet chain
 * keeps a fresh average and bonds and accelerations are not refused as stale. Every bond and
 * acceleration observes too when due; the keeper covers the time nobody uses them. Due is
 * judged at the pending block, as the feed's age is (a jump of chain time is caught at once).
 */
export async function runPexAverageKeeperPass(
  o: PexAverageKeeperOptions,
): Promise<{ action: PexAverageKeeperAction; observedAt: bigint }> {
  const oracle = o.oracle();
  if (!oracle) return { action: "idle", observedAt: 0n };
  const { client } = o;
  const [, , observedAt, dueAt] = await client.readContract({ address: oracle, abi: frontAbi, functionName: "twapObservation" });
  const now = (await client.getBlock({ blockTag: "pending" })).timestamp;
  if (now < dueAt) return { action: "fresh", observedAt };

  const wallet = createWalletClient({ account: o.account, chain: client.chain, transport: http(client.transport.url) });
  await o.beforeSend?.();
  const hash = await wallet.writeContract({
    address: oracle,
    abi: frontAbi,
    functionName: "update",
    chain: client.chain ?? null,
  });
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== "success") throw new Error(`update reverted in ${hash}`);
  const [averagePrice, averageStart, newObservedAt] = await client.readContract({
    address: oracle,
    abi: frontAbi,
    functionName: "twapObservation",
    blockNumber: receipt.blockNumber,
  });
  o.log.info(
    { averagePrice: averagePrice.toString(), averageStart: Number(averageStart), observedAt: Number(newObservedAt) },
    "pex/eth average observed",
  );
  return { action: "observed", observedAt: newObservedAt };
}
