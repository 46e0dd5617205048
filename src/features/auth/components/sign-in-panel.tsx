import { useConnectModal } from "@/lib/wallet/connect-modal";
import { shortenAddress } from "@domain/address";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useAccount, useDisconnect } from "wagmi";
import { type SignInStep, useSiweSignIn } from "../hooks/use-siwe-sign-in";
import { ConnectButton } from "./connect-button";

const STEP_TEXT: Partial<Record<SignInStep, string>> = {
  preparing: "login.step.preparing",
  signing: "login.step.signing",
  verifying: "login.step.verifying",
  done: "login.step.done",
};

/** Inside the wallet providers: connect through RainbowKit's modal, then sign in. */
export function SignInPanel({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const { address, status } = useAccount();
  const { openConnectModal } = useConnectModal();
  const { disconnect } = useDisconnect();
  const { step, error, busy, signIn } = useSiweSignIn({ onSignedIn });

  // The visitor pressed "Connect wallet" to get here: open the wallet list once, unless a
  // remembered wallet reconnects by itself.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || status !== "disconnected" || !openConnectModal) return;
    opened.current = true;
    openConnectModal();
  }, [status, openConnectModal]);

  if (status !== "connected" || !address) {
    const connecting = status === "connecting" || status === "reconnecting";
    return <ConnectButton onClick={openConnectModal} busyLabel={connecting ? t("login.connecting") : undefined} />;
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
        {stepText ? t(stepText) : ""}
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
