import { nativeSymbol } from "@/config/chain";
import type { SwapToken } from "./swap-route";

/** What the page shows for a token: the native coin by the configured symbol (ETH locally, BNB on BSC). */
export function swapTokenSymbol(token: SwapToken): string {
  return token === "ETH" ? nativeSymbol : token;
}
