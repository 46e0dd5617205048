import { createContext, createElement, type ReactNode, useContext, useSyncExternalStore } from "react";
import { holdsInjectedWallet } from "./wallet/injected-providers";

/**
 * What only the browser knows and a page draws: whether it holds a wallet (a wallet app's
 * browser does). A first screen from the web server is drawn with what the boot script found
 * (`/first-screen?wallet=1`), and the app hydrates it with what it finds at its start: the same,
 * so both draw the same sign-in screen (ADR-0200). Absent: asked of the page itself.
 */
export interface BrowserFacts {
  injectedWallet: boolean;
}

const Facts = createContext<BrowserFacts | null>(null);

export function BrowserFactsProvider({ facts, children }: { facts: BrowserFacts; children: ReactNode }) {
  return createElement(Facts.Provider, { value: facts }, children);
}

const noChanges = () => () => undefined;

/** Whether the browser holds a wallet: the render's fact while hydrating, the page's own after. */
export function useHasInjectedWallet(): boolean {
  const facts = useContext(Facts);
  return useSyncExternalStore(noChanges, holdsInjectedWallet, () => facts?.injectedWallet ?? false);
}
