import { useConnectModal } from "@/lib/wallet/connect-modal";
import { shortenAddress } from "@domain/address";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAccount, useSwitchChain } from "wagmi";
import { appChain } from "@/config/chain";
import { getStoredAddress } from "@/lib/session";

/** Where the wallet stands for writing: not connected, on another chain, or ready. */
export type WalletReadiness = "disconnected" | "wrongChain" | "ready";

export function useWalletReadiness(): { readiness: WalletReadiness; address: `0x${string}` | undefined } {
  const { status, chainId, address } = useAccount();
  if (status !== "connected" || !address) return { readiness: "disconnected", address: undefined };
  if (chainId !== appChain.id) return { readiness: "wrongChain", address };
  return { readiness: "ready", address };
}

/**
 * Whose figures the page shows: the connected wallet, else the signed-in account (reads need no
 * wallet; writes are gated by WalletGate).
 */
export function useViewerAddress(): `0x${string}` | undefined {
  const { address } = useAccount();
  const [stored] = useState(() => getStoredAddress());
  if (address) return address;
  return stored && /^0x[0-9a-fA-F]{40}$/.test(stored) ? (stored as `0x${string}`) : undefined;
}

/**
 * The wrong-chain guard: a connect button when no wallet is connected, an offer to switch when the
 * wallet is on another chain (the specification's "Please switch to blast network!" now names the
 * configured chain), a warning when the wallet is not the signed-in account. Renders nothing when
 * all is well.
 */
export function ChainGuard({ expectedAddress }: { expectedAddress?: string | null }) {
  const { t } = useTranslation();
  const { readiness, address } = useWalletReadiness();
  const { openConnectModal } = useConnectModal();
  const { switchChain, isPending } = useSwitchChain();
  const { status } = useAccount();
  if (readiness === "disconnected") {
    const connecting = status === "connecting" || status === "reconnecting";
    return (
      <div className="chain-guard" data-testid="chain-guard" data-state="disconnected">
        <p className="muted">{t("protocol.wallet.connectHint")}</p>
        <button
          type="button"
          className="btn btn--primary"
          onClick={openConnectModal}
          disabled={connecting}
          data-testid="protocol-connect"
        >
          {connecting ? t("login.connecting") : t("login.connect")}
        </button>
      </div>
    );
  }
  if (readiness === "wrongChain") {
    return (
      <div className="chain-guard" role="alert" data-testid="chain-guard" data-state="wrong-chain">
        <p>{t("protocol.wallet.wrongChain", { name: appChain.name })}</p>
        <button
          type="button"
          className="btn btn--primary"
          disabled={isPending}
          onClick={() => switchChain({ chainId: appChain.id })}
          data-testid="switch-chain"
        >
          {t("protocol.wallet.switch", { name: appChain.name })}
        </button>
      </div>
    );
  }
  if (expectedAddress && address && expectedAddress.toLowerCase() !== address.toLowerCase()) {
    return (
      <p className="alert" role="alert" data-testid="chain-guard" data-state="other-account">
        {t("protocol.wallet.otherAccount", { wallet: shortenAddress(address), account: shortenAddress(expectedAddress) })}
      </p>
    );
  }
  return null;
}

/** Shows `children` (the write controls) only when the wallet can send on the app's chain. */
export function WalletGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { readiness } = useWalletReadiness();
  if (readiness === "ready") return <>{children}</>;
  return (
    <p className="muted" data-testid="wallet-gate">
      {readiness === "wrongChain" ? t("protocol.wallet.wrongChain", { name: appChain.name }) : t("protocol.wallet.connectHint")}
    </p>
  );
}
