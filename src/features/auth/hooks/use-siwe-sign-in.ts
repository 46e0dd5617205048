import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { useAccount, useSignMessage } from "wagmi";
import { appChain } from "@/config/chain";
import { getDeviceId } from "@/lib/session";
import { useFetchNonce } from "../api/get-nonce";
import { useLogin } from "../api/login";
import { describeSignInError } from "../utils/sign-in-error";
import { buildSignInMessage } from "../utils/siwe-message";

/** preparing: fetching the nonce · signing: waiting for the wallet · verifying: the server checks it. */
export type SignInStep = "idle" | "preparing" | "signing" | "verifying" | "done" | "error";

/**
 * Sign-In with Ethereum: nonce → EIP-4361 message → wallet signature → POST /user/login.
 * `signIn(address)` signs for the account a connect call just answered, before the connected
 * account reaches this component's render.
 */
export function useSiweSignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const { address } = useAccount();
  const { signMessageAsync } = useSignMessage();
  const fetchNonce = useFetchNonce();
  const { mutateAsync: login } = useLogin();
  const [step, setStep] = useState<SignInStep>("idle");
  const [error, setError] = useState<string | null>(null);

  const signIn = useCallback(
    async (account: Address | undefined = address) => {
      if (!account) return;
      setError(null);
      try {
        setStep("preparing");
        const { nonce, issuedAt } = await fetchNonce();
        const message = buildSignInMessage({
          address: account,
          chainId: appChain.id,
          nonce,
          host: window.location.host,
          origin: window.location.origin,
          // The server's clock: it refuses a message dated in its future or before the nonce, and
          // a phone's clock may be minutes off.
          now: new Date(issuedAt),
        });
        setStep("signing");
        const signature = await signMessageAsync({ account, message });
        setStep("verifying");
        await login({ deviceId: getDeviceId(), message, signature });
        setStep("done");
        onSignedIn();
      } catch (err) {
        setStep("error");
        setError(describeSignInError(err, t));
      }
    },
    [address, fetchNonce, signMessageAsync, login, onSignedIn, t],
  );

  const busy = step === "preparing" || step === "signing" || step === "verifying" || step === "done";
  return { step, error, busy, signIn };
}
