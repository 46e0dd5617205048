import { defineChain, type EIP1193Provider } from "viem";
import { createConfig, http, injected } from "wagmi";
import { disconnect } from "wagmi/actions";
import { appChain } from "@/config/chain";
import { SESSION_ENDED_EVENT } from "../end-session";
import { clearSession, isLoggedIn } from "../session";

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

type LegacyEthereum = EIP1193Provider & { providers?: EIP1193Provider[] };

/**
 * The page's own wallet (`window.ethereum`, or the first of an old-style `providers` list), as the
 * list's "Browser Wallet" (RainbowKit's injectedWallet) finds it, under the same id, so it
 * reconnects a wallet connected either way. The target must be given: wagmi's target-less
 * `injected()` reconnects only a wallet it connected itself.
 */
export function browserWalletConnector() {
  return injected({
    target: () => ({
      id: "injected",
      name: "Browser Wallet",
      provider: () => {
        const ethereum = (globalThis as { ethereum?: LegacyEthereum }).ethereum;
        return ethereum?.providers?.[0] ?? ethereum;
      },
    }),
  });
}

/**
 * The browser wallet is the one connector a protocol page starts with: it reconnects a wallet
 * app's browser, or the list's "Browser Wallet", after a reload, and it costs no SDK. RainbowKit's
 * wallet list (MetaMask's and WalletConnect's SDKs behind it) is added when the list is first
 * opened, or before reconnecting a wallet that came through it (wallet-list.ts).
 */
export const wagmiConfig = createConfig({
  chains: [walletChain],
  connectors: [browserWalletConnector()],
  transports: { [walletChain.id]: http(appChain.rpcUrl) },
  ssr: false,
  // EIP-6963 discovery would add every extension as an extra, unlisted entry; the list is the choice.
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
