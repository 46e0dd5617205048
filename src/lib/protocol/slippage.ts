/**
 * The slippage bound and deadline of a trade (bonds and swaps), in integers: slippage typed in
 * percent becomes basis points, the bound is the quote less that share, rounded down.
 */

/** Slippage typed in percent ("0.5", up to 2 decimals) → basis points, or null unless 0.01–50 %. */
export function parseSlippageBps(text: string): bigint | null {
  const m = /^(\d{1,2})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const bps = BigInt(m[1]!) * 100n + BigInt((m[2] ?? "").padEnd(2, "0"));
  return bps >= 1n && bps <= 5_000n ? bps : null;
}

/** The least the trade may give (pexAmountMin, amountOutMin): `quote` less `slippageBps`, rounded down. */
export function minAfterSlippage(quote: bigint, slippageBps: bigint): bigint {
  const bps = slippageBps < 0n ? 0n : slippageBps > 10_000n ? 10_000n : slippageBps;
  return (quote * (10_000n - bps)) / 10_000n;
}

/** Deadline typed in minutes (1–9999) → minutes, or null. */
export function parseDeadlineMinutes(text: string): bigint | null {
  return /^[1-9]\d{0,3}$/.test(text.trim()) ? BigInt(text.trim()) : null;
}
