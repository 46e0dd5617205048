/**
 * Which pools a swap goes through. The deployment has two pools, PEX-ETH and PEX-USDB
 * (docs/contracts.md, "Exchange pools"), so PEX is the hub: a swap to or from PEX takes its pool
 * directly, ETH ⇄ USDB takes both (e.g. USDB → PEX → ETH), as the router's path allows.
 */
import type { Hop } from "@domain/swap-math";

/** "ETH" is the chain's native coin, whatever the chain calls it (BNB on BSC): see `swapTokenSymbol`. */
export type SwapToken = "ETH" | "PEX" | "USDB";

/** A pool's reserves, oriented as PEX and the other token. */
export interface PoolReserves {
  pex: bigint;
  other: bigint;
}

export const SWAP_TOKENS: readonly SwapToken[] = ["ETH", "PEX", "USDB"];

/** The tokens from `from` to `to`, both ends included. */
export function swapRoute(from: SwapToken, to: SwapToken): SwapToken[] {
  if (from === to) return [from];
  return from === "PEX" || to === "PEX" ? [from, to] : [from, "PEX", to];
}

/** The pool of a hop, named by its token other than PEX. */
export function poolOf(a: SwapToken, b: SwapToken): Exclude<SwapToken, "PEX"> {
  const other = a === "PEX" ? b : a;
  if (other === "PEX" || (a !== "PEX" && b !== "PEX")) throw new Error(`no ${a}-${b} pool`);
  return other;
}

/** The router function for exact-input swaps: ETH in or out goes through WETH by the router. */
export function routerFunction(from: SwapToken, to: SwapToken) {
  if (from === "ETH") return "swapExactETHForTokens" as const;
  if (to === "ETH") return "swapExactTokensForETH" as const;
  return "swapExactTokensForTokens" as const;
}

/** The route's pools oriented along it (what getAmountsOut takes); null when one is missing. */
export function routeHops(route: readonly SwapToken[], pools: Partial<Record<Exclude<SwapToken, "PEX">, PoolReserves>>) {
  const hops: Hop[] = [];
  for (let i = 1; i < route.length; i++) {
    const from = route[i - 1]!;
    const pool = pools[poolOf(from, route[i]!)];
    if (!pool) return null;
    hops.push(from === "PEX" ? { reserveIn: pool.pex, reserveOut: pool.other } : { reserveIn: pool.other, reserveOut: pool.pex });
  }
  return hops;
}
