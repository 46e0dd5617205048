/**
 * Uniswap V2 quote math in integers, as UniswapV2Library computes it: amountOut follows the
 * pair's formula with its 0.3 % fee; a multi-hop quote chains it pool by pool (the router's
 * getAmountsOut); price impact compares the execution price with the pools' mid price.
 */

/** One pool on the path, oriented from the token going in to the token coming out. */
export interface Hop {
  reserveIn: bigint;
  reserveOut: bigint;
}

export function getAmountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0n;
  const withFee = amountIn * 997n;
  return (withFee * reserveOut) / (reserveIn * 1000n + withFee);
}

/** The router's getAmountsOut: [amountIn, out of hop 1, …, out of the last hop]. */
export function getAmountsOut(amountIn: bigint, hops: readonly Hop[]): bigint[] {
  const amounts = [amountIn];
  for (const hop of hops) amounts.push(getAmountOut(amounts[amounts.length - 1]!, hop.reserveIn, hop.reserveOut));
  return amounts;
}

/**
 * 1 − (out / in) / Π(reserveOut / reserveIn) over the hops, in basis points (fees included),
 * never negative: how much worse than the mid price the swap executes.
 */
export function priceImpactBps(amountIn: bigint, amountOut: bigint, hops: readonly Hop[]): bigint {
  if (amountIn <= 0n || hops.length === 0) return 0n;
  let ideal = amountIn;
  let actual = amountOut;
  for (const { reserveIn, reserveOut } of hops) {
    if (reserveIn <= 0n || reserveOut <= 0n) return 0n;
    ideal *= reserveOut;
    actual *= reserveIn;
  }
  if (actual >= ideal) return 0n;
  return ((ideal - actual) * 10_000n) / ideal;
}
