import type { JobLease } from "../../../server/jobs/lease/with-lease";
import type { PayoutWorkerOptions } from "../../../server/jobs/payout-worker";
import { createChainClient, readChainContracts } from "../../../server/lib/chain";
import { OPERATOR, type TestChain } from "./hardhat";

const silent = process.env.TEST_LOG === "1" ? console : { info: () => undefined, warn: () => undefined, error: () => undefined };

/** The payout worker as `npm start` runs it on the test chain (the operator's wallet, one confirmation, quiet), with `over` on top. */
export function payoutOptions(lease: JobLease, chain: TestChain, over: Partial<PayoutWorkerOptions> = {}): PayoutWorkerOptions {
  return {
    lease,
    client: createChainClient({ chainId: 31337, rpcUrl: chain.rpcUrl }),
    account: OPERATOR,
    contracts: () => readChainContracts(chain.deploymentsFile, 31337),
    chainId: 31337,
    confirmations: 1,
    log: silent,
    ...over,
  };
}
