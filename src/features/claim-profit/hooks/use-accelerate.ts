import { useCallback } from "react";
import { erc20Abi, type Address, type Hash } from "viem";
import { feeCeiling } from "@domain/permit";
import { useSpendPlan } from "@/components/protocol/use-spend-plan";
import { spexAbi } from "@generated/abi/spex";
import { useWriteSpexAccelerateProfit, useWriteSpexAccelerateProfitWithPermit } from "@generated/hooks/spex";
import { protocolAddress } from "@/lib/protocol/addresses";
import { usePermitSigner } from "@/lib/protocol/use-permit";
import type { TxRunOptions, TxSendSteps, TxState } from "@/lib/wallet/use-transactor";

type Run = (label: string, send: (steps: TxSendSteps) => Promise<Hash>, options?: TxRunOptions) => Promise<unknown>;

/**
 * Acceleration without a wait for an approval where the wallet allows (approval-plan.ts): with an
 * allowance that covers the quoted `fee`, plain `accelerateProfit`; with an EIP-5792 wallet, the
 * approval of the fee's ceiling and `accelerateProfit` as one batch (one prompt); otherwise the
 * wallet signs a USDB permit for the fee's ceiling (the fee is priced in the block that mines it)
 * and `accelerateProfitWithPermit` uses it; a contract wallet approves the ceiling first.
 */
export function useAccelerate(account: Address, tx: { run: Run; state: TxState }, fee: bigint | null) {
  const spex = protocolAddress.spex!;
  const usdb = protocolAddress.usdb!;
  const plain = useWriteSpexAccelerateProfit();
  const withPermit = useWriteSpexAccelerateProfitWithPermit();
  const signPermit = usePermitSigner();
  const plan = useSpendPlan({ token: usdb, owner: account, spender: spex, amount: fee, permit: true, state: tx.state });
  const { run } = tx;
  const accelerate = useCallback(
    (id: bigint, days: bigint, fee: bigint) => {
      const maxFee = feeCeiling(fee);
      if (plan.path === "batch")
        return run("accelerate", (steps) =>
          plan.send(
            [
              // The same ceiling as the permit's: the allowance caps what the call can take.
              { to: usdb, abi: erc20Abi, functionName: "approve", args: [spex, maxFee] },
              { to: spex, abi: spexAbi, functionName: "accelerateProfit", args: [id, days] },
            ],
            steps,
          ),
        );
      if (plan.path === "permit")
        return run(
          "accelerate",
          async ({ signed }) => {
            const p = await signPermit({ token: usdb, owner: account, spender: spex, value: maxFee });
            signed();
            return withPermit.writeContractAsync({ args: [id, days, maxFee, p.deadline, p.v, p.r, p.s] });
          },
          { signsFirst: true },
        );
      return run("accelerate", () => plain.writeContractAsync({ args: [id, days] }));
    },
    [account, plan, plain, run, signPermit, spex, usdb, withPermit],
  );
  return { accelerate, plan, usdb, spex };
}
