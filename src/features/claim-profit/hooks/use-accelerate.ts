import { useCallback } from "react";
import type { Address, Hash } from "viem";
import { feeCeiling } from "@domain/permit";
import { allowanceCovers, useAllowance } from "@/components/protocol/approve-step";
import { useWriteSpexAccelerateProfit, useWriteSpexAccelerateProfitWithPermit } from "@generated/hooks/spex";
import { protocolAddress } from "@/lib/protocol/addresses";
import { usePermitSigner } from "@/lib/protocol/use-permit";
import type { TxRunOptions, TxSendSteps } from "@/lib/wallet/use-transactor";

type Run = (label: string, send: (steps: TxSendSteps) => Promise<Hash>, options?: TxRunOptions) => Promise<unknown>;

/**
 * Acceleration in one transaction: with an allowance that covers the quoted fee, plain
 * `accelerateProfit`; otherwise the wallet signs a USDB permit for the fee's ceiling (the fee is
 * priced in the block that mines it) and `accelerateProfitWithPermit` uses it.
 */
export function useAccelerate(account: Address, run: Run) {
  const spex = protocolAddress.spex!;
  const usdb = protocolAddress.usdb!;
  const allowance = useAllowance(usdb, account, spex);
  const plain = useWriteSpexAccelerateProfit();
  const withPermit = useWriteSpexAccelerateProfitWithPermit();
  const signPermit = usePermitSigner();
  const covers = useCallback((fee: bigint | null) => allowanceCovers(allowance.data, fee), [allowance.data]);
  const accelerate = useCallback(
    (id: bigint, days: bigint, fee: bigint) => {
      if (covers(fee)) return run("accelerate", () => plain.writeContractAsync({ args: [id, days] }));
      const maxFee = feeCeiling(fee);
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
    [account, covers, plain, run, signPermit, spex, usdb, withPermit],
  );
  return { accelerate, covers, allowanceKnown: allowance.data !== undefined };
}
