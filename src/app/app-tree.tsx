import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { i18n as I18n } from "i18next";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { type BrowserFacts, BrowserFactsProvider } from "@/lib/browser-facts";
import { AppRoutes } from "./router";

const NO_WALLET: BrowserFacts = { injectedWallet: false };

/**
 * The app's tree as the web server's first screen draws it and as the browser hydrates it: the
 * same providers and pages around whichever router each side has (`router` wraps the pages), so
 * the two first renders make the same markup by construction. Anything that renders DOM the
 * server does not draw (the toasts) lives outside it.
 */
export function AppTree({
  i18n,
  queryClient,
  router: RouterOfSide,
  browser = NO_WALLET,
}: {
  i18n: I18n;
  queryClient: QueryClient;
  router: (props: { children: ReactNode }) => ReactNode;
  /** What only the browser knows, as the render that draws first knew it (lib/browser-facts.ts). */
  browser?: BrowserFacts;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <BrowserFactsProvider facts={browser}>
          <RouterOfSide>
            <AppRoutes />
          </RouterOfSide>
        </BrowserFactsProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
