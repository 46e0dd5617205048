import { type ReactNode, use } from "react";
import { WagmiProvider } from "wagmi";
import { ConnectModalProvider } from "./connect-modal";
import { loadWalletList, reconnectNeedsWalletList, recentConnectorId } from "./load-wallet-list";
import { wagmiConfig } from "./wagmi-config";

// Settles once the wallet list is in the config, failed or not: without it the page still works
// and "Connect" tries to load it again.
let listBeforeReconnect: Promise<void> | null = null;

/**
 * wagmi, with RainbowKit's wallet list behind the first "Connect" tap (connect-modal.tsx).
 * Loaded on demand (the login page imports it when "Connect wallet" is pressed, the protocol
 * pages with their layout) so the wallet stack is never part of the shop's first load. It
 * relies on the app's QueryClientProvider above it. `reconnectOnMount: false` makes the visitor
 * pick a wallet explicitly instead of silently reusing whichever one answers eth_accounts.
 * A visitor who last connected through a listed wallet's SDK (MetaMask's, WalletConnect) gets the
 * list loaded before reconnecting, which suspends the page meanwhile.
 */
export function WalletProvider({ children, reconnectOnMount = true }: { children: ReactNode; reconnectOnMount?: boolean }) {
  if (reconnectOnMount && reconnectNeedsWalletList(recentConnectorId())) {
    listBeforeReconnect ??= loadWalletList(wagmiConfig).catch(() => undefined);
    use(listBeforeReconnect);
  }
  return (
    <WagmiProvider config={wagmiConfig} reconnectOnMount={reconnectOnMount}>
      <ConnectModalProvider>{children}</ConnectModalProvider>
    </WagmiProvider>
  );
}
