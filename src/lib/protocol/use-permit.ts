import { useCallback } from "react";
import { useConfig } from "wagmi";
import type { SignedPermit } from "@domain/permit";
import type { PermitAsk } from "./permit-signer";

/**
 * Signs an ERC-2612 permit for PEX or USDB with the connected wallet, so that the action's
 * `…WithPermit` call approves and acts in one transaction: no approval to wait for.
 *
 *     const signPermit = usePermitSigner();
 *     await tx.run("stake", async ({ signed }) => {
 *       const p = await signPermit({ token: pex, owner, spender: spex, value: amount });
 *       signed();
 *       return stakeWithPermit({ args: [amount, ref, p.deadline, p.v, p.r, p.s] });
 *     }, { signsFirst: true });
 */
export function usePermitSigner(): (ask: PermitAsk) => Promise<SignedPermit> {
  const config = useConfig();
  return useCallback(
    async (ask: PermitAsk) => {
      const { signPermit } = await import("./permit-signer");
      return signPermit(config, ask);
    },
    [config],
  );
}
