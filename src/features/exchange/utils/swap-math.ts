/**
 * Uniswap V2 quote math in integers. amountOut follows the pair's formula with its 0.3 % fee;
 * price impact compares the execution price with the pool's mid price, in basis points.
 */
export function getAmountOut(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return 0n;
  const withFee = amountIn * 997n;
  return (withFee * reserveOut) / (reserveIn * 1000n + withFee);
}

/** 1 − (out / in) / (reserveOut / reserveIn), in basis points (fee included), never negative. */
export function priceImpactBps(amountIn: bigint, amountOut: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  if (amountIn <= 0n || reserveOut <= 0n) return 0n;
  const ideal = amountIn * reserveOut;
  const actual = amountOut * reserveIn;
  if (actual >= ideal) return 0n;
  return ((ideal - actual) * 10_000n) / ideal;
}
