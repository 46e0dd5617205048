/* What every job that signs and sends transactions of its own is given (payout worker, invite binder). */
import type { FastifyBaseLogger } from "fastify";
import type { LocalAccount, PublicClient } from "viem";
import type { ChainContracts } from "../lib/chain";

export interface ChainSenderOptions {
  client: PublicClient;
  /** The job's own key (server/lib/signers), so it never races another job's nonces. */
  account: LocalAccount;
  /** Re-read every pass, so a redeploy on a new local chain is picked up without a restart. */
  contracts: () => ChainContracts | null;
  chainId: number;
  /** Blocks a transaction needs before the job counts it as done. */
  confirmations: number;
  log: Pick<FastifyBaseLogger, "info" | "warn" | "error">;
  now?: () => number;
  /** Sends a signed transaction; tests replace it to stop "mid-way", as a crash would. */
  broadcast?: (raw: `0x${string}`) => Promise<unknown>;
  /** Rows taken per pass. */
  batch?: number;
}
