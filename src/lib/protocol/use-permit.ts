import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { useConfig } from "wagmi";
import type { SignedPermit } from "@domain/permit";
import type { PermitAsk } from "./permit-signer";

/**
 * Signs an ERC-2612 permit for PEX or USDB with the connected wallet, so that the action's
 * `…WithPermit` call approves and acts in one transaction: no approval to wait for. A wallet that
 * cannot give one (permit-signer.ts) fails the run with a message saying to approve first; the
 * page then shows the approval step (permit-support.ts).
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
  const { t } = useTranslation();
  return useCallback(
    async (ask: PermitAsk) => {
      const { PermitUnavailableError, signPermit } = await import("./permit-signer");
      try {
        return await signPermit(config, ask);
      } catch (error) {
        if (error instanceof PermitUnavailableError) throw new Error(t("protocol.permit.unavailable"), { cause: error });
        throw error;
      }
    },
    [config, t],
  );
}
