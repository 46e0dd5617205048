/*
 * Following an EIP-5792 batch (wallet_sendCalls): the wallet reports its status by id
 * (wallet_getCallsStatus) until the calls are on chain. Loaded with the write code.
 */
import type { Hash } from "viem";
import type { Config } from "wagmi";
import { waitForCallsStatus } from "./chain-writes";

/** How long to wait for a batch: a slow chain or a wallet that queues its calls may take minutes. */
const BATCH_TIMEOUT_MS = 10 * 60_000;

/**
 * The hash of the transaction that carried the batch's last call, once the wallet reports the
 * batch done; its receipt's status is then the runner's to read, like any transaction's.
 */
export async function batchTransactionHash(config: Config, callsId: string): Promise<Hash> {
  const result = await waitForCallsStatus(config, { id: callsId, timeout: BATCH_TIMEOUT_MS });
  const last = result.receipts?.at(-1);
  // A batch that failed is the runner's "reverted" when a call reverted on chain (its receipt
  // carries the revert to decode), else the wallet's failure.
  if (last && (result.status === "success" || last.status === "reverted")) return last.transactionHash;
  throw new Error(`The wallet did not complete the calls (status ${result.statusCode})`);
}
