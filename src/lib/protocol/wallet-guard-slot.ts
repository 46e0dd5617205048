import type { ReactNode } from "react";
import { useOutletContext } from "react-router";

/**
 * What the wallet layout hands the pages below it: the wrong-chain guard, for a page that places
 * it itself (below the public figures card it paints from the server's figures, so the guard's
 * arrival with the wallet code does not push that card down). Other pages get it above them.
 */
export interface WalletOutletContext {
  guard: ReactNode;
}

/** The guard to place below the page's first card; null outside the wallet layout. */
export function useWalletGuard(): ReactNode {
  return useOutletContext<WalletOutletContext | undefined>()?.guard ?? null;
}
