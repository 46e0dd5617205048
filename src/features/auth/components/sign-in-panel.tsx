import { useConnectWallet } from "@/lib/wallet/connect-modal";
import { shortenAddress } from "@domain/address";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { dataKey } from "@/lib/i18n";
import { useAccount, useDisconnect } from "wagmi";
import { type SignInStep, useSiweSignIn } from "../hooks/use-siwe-sign-in";
import { describeSignInError } from "../utils/sign-in-error";
import { ConnectButton } from "./connect-button";

const STEP_TEXT: Partial<Record<SignInStep, string>> = {
  preparing: "login.step.preparing",
  signing: "login.step.signing",
  verifying: "login.step.verifying",
  done: "login.step.done",
};

/**
 * Inside the wallet providers: connect, then sign in. In a wallet app's browser (one injected
 * wallet) the tap that brought us here connects it and goes straight on to the signature; with a
 * choice to make, RainbowKit's list opens and the visitor signs with the button below.
 */
export function SignInPanel({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const { address, status } = useAccount();
  const connectWallet = useConnectWallet();
  const { disconnect } = useDisconnect();
  const { step, error, busy, signIn } = useSiweSignIn({ onSignedIn });
  const [connectError, setConnectError] = useState<string | null>(null);

  const connect = useCallback(async () => {
    setConnectError(null);
    const outcome = await connectWallet();
    if (outcome.status === "connected") await signIn(outcome.address);
    else if (outcome.status === "failed") setConnectError(describeSignInError(outcome.error, t));
  }, [connectWallet, signIn, t]);

  // The visitor pressed "Connect wallet" to get here: connect once, unless a remembered wallet
  // reconnects by itself.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || status !== "disconnected") return;
    started.current = true;
    void connect();
  }, [status, connect]);

  if (status !== "connected" || !address) {
    const connecting = status === "connecting" || status === "reconnecting";
    return (
      <>
        <ConnectButton onClick={() => void connect()} busyLabel={connecting ? t("login.connecting") : undefined} />
        {connectError ? (
          <p className="alert" role="alert" data-testid="sign-in-error">
            {connectError}
          </p>
        ) : null}
      </>
    );
  }

  const stepText = STEP_TEXT[step];
  return (
    <div className="login__signin">
      <p className="login__account" data-testid="connected-address" title={address}>
        {t("login.connectedAs", { address: shortenAddress(address) })}
      </p>
      <button
        type="button"
        className="btn btn--primary btn--block"
        data-testid="sign-in"
        disabled={busy}
        aria-busy={busy}
        onClick={() => void signIn()}
      >
        {busy ? <span className="spinner" aria-hidden="true" /> : null}
        {t("login.signIn")}
      </button>
      <p className="status-line" role="status" data-testid="sign-in-status">
        {stepText ? t(dataKey(stepText)) : ""}
      </p>
      {error ? (
        <p className="alert" role="alert" data-testid="sign-in-error">
          {error}
        </p>
      ) : null}
      <button type="button" className="btn btn--link" disabled={busy} onClick={() => disconnect()}>
        {t("login.useAnotherWallet")}
      </button>
    </div>
  );
}
