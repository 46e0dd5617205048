/**
 * Bond figures in integers (no float). Discount = (market − bond) / market in basis points,
 * negative for a premium; the slippage bound is the quoted payout less `slippageBps`.
 */
export function discountBps(marketPrice: bigint, bondPrice: bigint): bigint {
  if (marketPrice <= 0n) return 0n;
  return ((marketPrice - bondPrice) * 10_000n) / marketPrice;
}

export function minPayout(payout: bigint, slippageBps: bigint): bigint {
  const bps = slippageBps < 0n ? 0n : slippageBps > 10_000n ? 10_000n : slippageBps;
  return (payout * (10_000n - bps)) / 10_000n;
}

/** Slippage typed in percent ("0.5") → basis points, or null when not within 0.01–50 %. */
export function parseSlippagePercent(text: string): bigint | null {
  const m = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const bps = BigInt(m[1]!) * 100n + BigInt((m[2] ?? "").padEnd(2, "0"));
  return bps >= 1n && bps <= 5_000n ? bps : null;
}

/** A signed basis-point value as a percent with 2 decimals. */
export function formatSignedBps(bps: bigint): string {
  const abs = bps < 0n ? -bps : bps;
  return `${bps < 0n ? "-" : ""}${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}%`;
}
