import { useCallback } from "react";
import type { Abi, Address, Hash } from "viem";
import { useAccount, useCapabilities, useConfig } from "wagmi";
import type { TxSendSteps } from "./use-transactor";

/** One call of a batch, as wagmi's `sendCalls` takes it (encoded from the ABI). */
export interface BatchCall {
  to: Address;
  abi: Abi;
  functionName: string;
  args: readonly unknown[];
}

/**
 * EIP-5792 batches: whether the connected wallet takes several calls in one prompt (it answers
 * `wallet_getCapabilities`), and a send for the transaction runner that hands the wallet the
 * calls at once (`wallet_sendCalls`) and follows them by the batch's id
 * (`wallet_getCallsStatus`), so approve-and-act for a token without a permit (USDT, the DEX
 * router's allowance) is one prompt. A wallet without it keeps today's two steps.
 *
 *     const batch = useBatchCalls();
 *     if (batch.supported) await tx.run("recharge", (steps) => batch.send([approveCall, rechargeCall], steps));
 */
export function useBatchCalls() {
  const config = useConfig();
  const { address, chainId } = useAccount();
  // A wallet without EIP-5792 refuses the method: the query errs and `supported` stays false.
  const capabilities = useCapabilities({ account: address, chainId, query: { enabled: Boolean(address), retry: false } });
  const supported = capabilities.isSuccess && capabilities.data !== undefined;
  const send = useCallback(
    async (calls: BatchCall[], steps: TxSendSteps): Promise<Hash> => {
      const { sendCalls } = await import("./chain-writes");
      const { batchTransactionHash } = await import("./batch-status");
      // Not atomic by force: sequential calls are what approve-then-act needs, and a wallet
      // that can make them atomic (a smart account) does so on its own.
      const { id } = await sendCalls(config, { calls: calls as never, forceAtomic: false });
      steps.batchSent(id);
      return batchTransactionHash(config, id);
    },
    [config],
  );
  return { supported, send };
}
