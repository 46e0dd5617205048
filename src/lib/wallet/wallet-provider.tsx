import "@rainbow-me/rainbowkit/styles.css";
import { type Locale, RainbowKitProvider, lightTheme } from "@rainbow-me/rainbowkit";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { WagmiProvider } from "wagmi";
import { DEFAULT_LANGUAGE, LANGUAGE_META, isLanguage } from "@/config/languages";
import { APP_NAME, wagmiConfig, walletChain } from "./wagmi-config";

const base = lightTheme({ accentColor: "#0b6e4f", accentColorForeground: "#ffffff", borderRadius: "medium" });
// RainbowKit's default secondary grey is below 4.5:1 on white; ours passes.
const theme = { ...base, colors: { ...base.colors, modalTextSecondary: "#555d66", modalTextDim: "#5f6670" } };

/**
 * wagmi + RainbowKit. Loaded on demand (the login page imports it when "Connect wallet" is
 * pressed) so the wallet stack is never part of the first page load. It relies on the app's
 * QueryClientProvider above it. `reconnectOnMount: false` makes the visitor pick a wallet
 * explicitly instead of silently reusing whichever one answers eth_accounts.
 */
export function WalletProvider({ children, reconnectOnMount = true }: { children: ReactNode; reconnectOnMount?: boolean }) {
  const { i18n } = useTranslation();
  const lang = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return (
    <WagmiProvider config={wagmiConfig} reconnectOnMount={reconnectOnMount}>
      <RainbowKitProvider
        theme={theme}
        locale={LANGUAGE_META[lang].rainbowKit as Locale}
        initialChain={walletChain}
        appInfo={{ appName: APP_NAME }}
        modalSize="compact"
      >
        {children}
      </RainbowKitProvider>
    </WagmiProvider>
  );
}
