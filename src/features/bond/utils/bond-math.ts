/**
 * Bond figures in integers (no float). Discount = (market − bond) / market in basis points,
 * negative for a premium. (The slippage bound is in src/lib/protocol/slippage.ts.)
 */
export function discountBps(marketPrice: bigint, bondPrice: bigint): bigint {
  if (marketPrice <= 0n) return 0n;
  return ((marketPrice - bondPrice) * 10_000n) / marketPrice;
}

/** A signed basis-point value as a percent with 2 decimals. */
export function formatSignedBps(bps: bigint): string {
  const abs = bps < 0n ? -bps : bps;
  return `${bps < 0n ? "-" : ""}${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}%`;
}
