/* What a payout pass is given and finds out first: the chain it pays on, the token and its decimals. */
import { BaseError, erc20Abi } from "viem";
import type { ChainSenderOptions } from "./chain-sender-options";
import type { JobObserver } from "../lib/job-observer";
import type { JobLease } from "./lease/with-lease";

export interface PayoutWorkerOptions extends ChainSenderOptions {
  /** The job's lease: its reads, and the fenced transactions every write of the pass is made in. */
  lease: JobLease;
  /**
   * How long a stored attempt whose nonce is used must stay unknown to the node (by hash, and
   * without a receipt) before the withdrawal is sent again. Default 10 minutes.
   */
  replacementWindowMs?: number;
  /** Told what each pass did (the app's metrics). */
  observer?: Pick<JobObserver, "payouts">;
}

export const DEFAULT_REPLACEMENT_WINDOW_MS = 600_000;

export interface PayoutPassResult {
  skipped?: string;
  sent: number;
  paid: number;
  failed: number;
  dropped: number;
  rebroadcast: number;
  /** Attempts whose nonce is used but whose fate the node cannot tell yet: nothing is sent for them. */
  waiting: number;
}

export interface PassContext {
  genesis: `0x${string}`;
  token: `0x${string}`;
  decimals: number;
  result: PayoutPassResult;
}

const decimalsCache = new Map<string, number>();

export async function context(o: PayoutWorkerOptions, result: PayoutPassResult): Promise<PassContext | null> {
  const contracts = o.contracts();
  if (!contracts) {
    result.skipped = "no deployments file";
    return null;
  }
  const genesis = (await o.client.getBlock({ blockNumber: 0n })).hash;
  if (genesis !== contracts.deployments.genesisHash) {
    o.log.warn(
      { chain: genesis, deployments: contracts.deployments.genesisHash },
      "deployments file is from another chain; redeploy: not paying out",
    );
    result.skipped = "deployments file from another chain";
    return null;
  }
  const key = `${o.chainId}:${contracts.usdt.toLowerCase()}`;
  let decimals = decimalsCache.get(key);
  if (decimals === undefined) {
    decimals = Number(await o.client.readContract({ address: contracts.usdt, abi: erc20Abi, functionName: "decimals" }));
    decimalsCache.set(key, decimals);
  }
  return { genesis, token: contracts.usdt, decimals, result };
}

export const isRevert = (err: unknown) => err instanceof BaseError && /revert/i.test(err.message);
