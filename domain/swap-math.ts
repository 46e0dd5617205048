/**
 * Uniswap V2 quote math in integers, as UniswapV2Library computes it: amountOut follows the
 * pair's formula less the DEX's swap fee; a multi-hop quote chains it pool by pool (the router's
 * getAmountsOut); price impact compares the execution price with the pools' mid price.
 *
 * The fee is a fact of the DEX the deployment uses, not of this code: Uniswap V2 takes 0.3 %
 * (`amountIn * 997 / 1000`), PancakeSwap V2 on BSC 0.25 % (`amountIn * 9975 / 10000`). Both are
 * the same formula over 10,000 with the fee in basis points; the deploy checks the configured fee
 * against the router's own quote and records it in the deployments file.
 */

/** Uniswap V2's fee: 0.3 %. */
export const UNISWAP_V2_FEE_BPS = 30;
/** PancakeSwap V2's fee: 0.25 %. */
export const PANCAKESWAP_V2_FEE_BPS = 25;

const BPS = 10_000n;

/** One pool on the path, oriented from the token going in to the token coming out. */
export interface Hop {
  reserveIn: bigint;
  reserveOut: bigint;
}

/** A fee in basis points a V2 pair can take: a whole number from 0 to 9,999. */
export function checkFeeBps(feeBps: number): number {
  if (!Number.isInteger(feeBps) || feeBps < 0 || feeBps >= 10_000)
    throw new RangeError(`not a swap fee in basis points: ${feeBps}`);
  return feeBps;
}

export function getAmountOut(
  amountIn: bigint,
  reserveIn: bigint,
  reserveOut: bigint,
  feeBps: number = UNISWAP_V2_FEE_BPS,
): bigint {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0n;
  const withFee = amountIn * (BPS - BigInt(checkFeeBps(feeBps)));
  return (withFee * reserveOut) / (reserveIn * BPS + withFee);
}

/** The router's getAmountsOut: [amountIn, out of hop 1, …, out of the last hop]. */
export function getAmountsOut(amountIn: bigint, hops: readonly Hop[], feeBps: number = UNISWAP_V2_FEE_BPS): bigint[] {
  const amounts = [amountIn];
  for (const hop of hops) amounts.push(getAmountOut(amounts[amounts.length - 1]!, hop.reserveIn, hop.reserveOut, feeBps));
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
