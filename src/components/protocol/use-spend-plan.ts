import type { Address } from "viem";
import { usePermitCapable } from "@/lib/protocol/permit-support";
import { planApproval, type ApprovalPlan } from "@/lib/wallet/approval-plan";
import { useBatchCalls } from "@/lib/wallet/use-batch-calls";
import type { TxState } from "@/lib/wallet/use-transactor";
import { useAllowance } from "./approve-step";

/** What the permit hint says for each path (its `data-permit`, which the browser tests read). */
export const PERMIT_HINT = { plain: "false", batch: "batch", permit: "true", "approve-first": "approve" } as const;

/**
 * The plan of an action that spends `amount` of `token` through `spender` (approval-plan.ts),
 * from the allowance, the wallet's EIP-5792 support, and, where the action has a `…WithPermit`
 * entry (`permit`), whether the account can sign the permit. `state` is the page's runner: the
 * approval it just confirmed stays on screen, ticked. `send` sends a batch.
 */
export function useSpendPlan(o: {
  token: Address | undefined;
  owner: Address | undefined;
  spender: Address | undefined;
  amount: bigint | null;
  permit: boolean;
  state: TxState;
}): ApprovalPlan & { send: ReturnType<typeof useBatchCalls>["send"]; allowance: bigint | undefined } {
  const allowance = useAllowance(o.token, o.owner, o.spender);
  const batch = useBatchCalls();
  const capable = usePermitCapable(o.permit ? o.owner : undefined);
  const plan = planApproval({
    allowance: allowance.data,
    amount: o.amount,
    batch: batch.supported,
    permit: o.permit ? capable : false,
    justApproved: o.state.label === "approve" && o.state.phase === "confirmed",
  });
  return { ...plan, send: batch.send, allowance: allowance.data };
}
