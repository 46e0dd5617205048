import type { ReactNode } from "react";
import { WagmiProvider } from "wagmi";
import { ConnectModalProvider } from "./connect-modal";
import { wagmiConfig } from "./wagmi-config";

/**
 * wagmi, with RainbowKit's wallet list behind the first "Connect" tap (connect-modal.tsx).
 * Loaded on demand (the login page imports it when "Connect wallet" is pressed, the protocol
 * pages with their layout) so the wallet stack is never part of the shop's first load. It
 * relies on the app's QueryClientProvider above it. `reconnectOnMount: false` makes the visitor
 * pick a wallet explicitly instead of silently reusing whichever one answers eth_accounts.
 */
export function WalletProvider({ children, reconnectOnMount = true }: { children: ReactNode; reconnectOnMount?: boolean }) {
  return (
    <WagmiProvider config={wagmiConfig} reconnectOnMount={reconnectOnMount}>
      <ConnectModalProvider>{children}</ConnectModalProvider>
    </WagmiProvider>
  );
}
