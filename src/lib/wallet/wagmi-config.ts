import type { WalletList } from "@rainbow-me/rainbowkit";
import {
  imTokenWallet,
  injectedWallet,
  metaMaskWallet,
  okxWallet,
  rainbowWallet,
  tokenPocketWallet,
  trustWallet,
  walletConnectWallet,
} from "@rainbow-me/rainbowkit/wallets";
import { defineChain } from "viem";
import { createConfig, http } from "wagmi";
import { disconnect } from "wagmi/actions";
import { appChain } from "@/config/chain";
import { env } from "@/config/env";
import { SESSION_ENDED_EVENT } from "../end-session";
import { i18n } from "../i18n";
import { clearSession, isLoggedIn } from "../session";
import { connectorsForWallets } from "./rainbow-connectors";

export const APP_NAME = "PEX";

/** The configured chain (Hardhat 31337 by default) as a viem chain. */
export const walletChain = defineChain({
  id: appChain.id,
  name: appChain.name,
  nativeCurrency: appChain.currency,
  rpcUrls: { default: { http: [appChain.rpcUrl] } },
  ...(appChain.explorerUrl ? { blockExplorers: { default: { name: "Explorer", url: appChain.explorerUrl } } } : {}),
  testnet: appChain.id === 31337,
});

/**
 * Injected wallets first: a wallet app's built-in browser (the usual way to open this app on a
 * phone) exposes window.ethereum, which "Browser Wallet" uses. The wallets that fall back to
 * WalletConnect need a WalletConnect Cloud project id, so they are offered only when one is set.
 */
export function walletGroups(projectId: string | undefined): WalletList {
  if (!projectId) return [{ groupName: i18n.t("wallet.groupInstalled"), wallets: [injectedWallet] }];
  return [
    {
      groupName: i18n.t("wallet.groupInstalled"),
      wallets: [injectedWallet, metaMaskWallet, trustWallet, tokenPocketWallet, okxWallet, imTokenWallet],
    },
    { groupName: i18n.t("wallet.groupMore"), wallets: [walletConnectWallet, rainbowWallet] },
  ];
}

const connectors = connectorsForWallets(walletGroups(env.walletConnectProjectId), {
  appName: APP_NAME,
  // Only read by WalletConnect-based wallets, which are listed only when the id is set.
  projectId: env.walletConnectProjectId ?? "",
  appUrl: window.location.origin,
});

export const wagmiConfig = createConfig({
  chains: [walletChain],
  connectors,
  transports: { [walletChain.id]: http(appChain.rpcUrl) },
  ssr: false,
  // EIP-6963 discovery would add every extension as an extra, unlisted entry; the list above is the choice.
  multiInjectedProviderDiscovery: false,
});

// Signing out of the app also disconnects the wallet, so the next visitor starts clean. The
// disconnect writes wagmi's state again after the session was cleared: clear it once more, so
// that only the kept keys survive a logout (specification §4).
window.addEventListener(SESSION_ENDED_EVENT, () => {
  void disconnect(wagmiConfig)
    .catch(() => undefined)
    .finally(() => {
      if (!isLoggedIn()) clearSession();
    });
});
