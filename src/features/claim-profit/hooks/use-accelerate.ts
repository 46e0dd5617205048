import { useCallback } from "react";
import { erc20Abi, type Address, type Hash } from "viem";
import { feeCeiling } from "@domain/permit";
import { allowanceCovers, useAllowance } from "@/components/protocol/approve-step";
import { spexAbi } from "@generated/abi/spex";
import { useWriteSpexAccelerateProfit, useWriteSpexAccelerateProfitWithPermit } from "@generated/hooks/spex";
import { protocolAddress } from "@/lib/protocol/addresses";
import { usePermitSigner } from "@/lib/protocol/use-permit";
import { useBatchCalls } from "@/lib/wallet/use-batch-calls";
import type { TxRunOptions, TxSendSteps } from "@/lib/wallet/use-transactor";

type Run = (label: string, send: (steps: TxSendSteps) => Promise<Hash>, options?: TxRunOptions) => Promise<unknown>;

/**
 * Acceleration without a wait for an approval: with an allowance that covers the quoted fee,
 * plain `accelerateProfit`; with an EIP-5792 wallet, the approval of the fee's ceiling and
 * `accelerateProfit` as one batch (one prompt); otherwise the wallet signs a USDB permit for the
 * fee's ceiling (the fee is priced in the block that mines it) and `accelerateProfitWithPermit`
 * uses it.
 */
export function useAccelerate(account: Address, run: Run) {
  const spex = protocolAddress.spex!;
  const usdb = protocolAddress.usdb!;
  const allowance = useAllowance(usdb, account, spex);
  const plain = useWriteSpexAccelerateProfit();
  const withPermit = useWriteSpexAccelerateProfitWithPermit();
  const signPermit = usePermitSigner();
  const batch = useBatchCalls();
  const covers = useCallback((fee: bigint | null) => allowanceCovers(allowance.data, fee), [allowance.data]);
  const accelerate = useCallback(
    (id: bigint, days: bigint, fee: bigint) => {
      if (covers(fee)) return run("accelerate", () => plain.writeContractAsync({ args: [id, days] }));
      const maxFee = feeCeiling(fee);
      if (batch.supported)
        return run("accelerate", (steps) =>
          batch.send(
            [
              // The same ceiling as the permit's: the allowance caps what the call can take.
              { to: usdb, abi: erc20Abi, functionName: "approve", args: [spex, maxFee] },
              { to: spex, abi: spexAbi, functionName: "accelerateProfit", args: [id, days] },
            ],
            steps,
          ),
        );
      return run(
        "accelerate",
        async ({ signed }) => {
          const p = await signPermit({ token: usdb, owner: account, spender: spex, value: maxFee });
          signed();
          return withPermit.writeContractAsync({ args: [id, days, maxFee, p.deadline, p.v, p.r, p.s] });
        },
        { signsFirst: true },
      );
    },
    [account, batch, covers, plain, run, signPermit, spex, usdb, withPermit],
  );
  return { accelerate, covers, batched: batch.supported, allowanceKnown: allowance.data !== undefined };
}
