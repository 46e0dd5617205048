import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { i18n as I18n } from "i18next";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { AppRoutes } from "./router";

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
}: {
  i18n: I18n;
  queryClient: QueryClient;
  router: (props: { children: ReactNode }) => ReactNode;
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterOfSide>
          <AppRoutes />
        </RouterOfSide>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
