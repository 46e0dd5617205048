import type { ChainWatcherOptions } from "../../../server/jobs/chain-watcher";
import type { JobLease } from "../../../server/jobs/lease/with-lease";
import { createChainClient, readChainContracts } from "../../../server/lib/chain";
import type { TestChain } from "./hardhat";

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The chain watcher as `npm start` runs it on the test chain (one confirmation, quiet), with `over` on top. */
export function watcherOptions(lease: JobLease, chain: TestChain, over: Partial<ChainWatcherOptions> = {}): ChainWatcherOptions {
  return {
    lease,
    client: createChainClient({ chainId: 31337, rpcUrl: chain.rpcUrl }),
    contracts: () => readChainContracts(chain.deploymentsFile, 31337),
    chainId: 31337,
    confirmations: 1,
    reorgWindow: 64,
    batchBlocks: 2000,
    intentTtlMs: 24 * 3600_000,
    log: silent,
    ...over,
  };
}
