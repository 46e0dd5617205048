import "@rainbow-me/rainbowkit/styles.css";
import { type Locale, RainbowKitProvider, lightTheme, useConnectModal } from "@rainbow-me/rainbowkit";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { LANGUAGE_META } from "@/config/languages";
import { languageOfTag } from "@/lib/i18n";
import { APP_NAME, walletChain } from "./wagmi-config";

const base = lightTheme({ accentColor: "#0b6e4f", accentColorForeground: "#ffffff", borderRadius: "medium" });
// RainbowKit's default secondary grey is below 4.5:1 on white; ours passes.
const theme = { ...base, colors: { ...base.colors, modalTextSecondary: "#555d66", modalTextDim: "#5f6670" } };

/** RainbowKit's connect modal, loaded on the first "Connect" tap (see connect-modal.tsx). */
export default function RainbowModal({ request }: { request: number }) {
  const { i18n } = useTranslation();
  const lang = languageOfTag(i18n.resolvedLanguage);
  return (
    <RainbowKitProvider
      theme={theme}
      locale={LANGUAGE_META[lang].rainbowKit as Locale}
      initialChain={walletChain}
      appInfo={{ appName: APP_NAME }}
      modalSize="compact"
    >
      <OpenOnRequest request={request} />
    </RainbowKitProvider>
  );
}

function OpenOnRequest({ request }: { request: number }) {
  const { openConnectModal } = useConnectModal();
  const handled = useRef(0);
  useEffect(() => {
    if (request === handled.current || !openConnectModal) return;
    handled.current = request;
    openConnectModal();
  }, [request, openConnectModal]);
  return null;
}
