/**
 * The local ETH/USD feed's keeper (ADR-0010, "ETH/USD price keeper"): the default price it pushes and its
 * account on the local chain. Shared by the deploy (which lets this account push answers) and the
 * server (whose price keeper pushes them).
 */

/** Decimals of the ETH/USD answers, as Chainlink's ETH/USD aggregator. */
export const ETH_USD_DECIMALS = 8;

/** The price the local feed starts with and its keeper pushes unless ETH_USD_PRICE says otherwise. */
export const DEFAULT_ETH_USD = "3000";

/**
 * Hardhat account #19 (a public development key, worthless on any real network): the local
 * price keeper's own account, so its transactions never race account #0's nonces (payouts,
 * lottery rounds).
 */
export const DEV_PRICE_KEEPER = {
  index: 19,
  address: "0x8626f6940E2eb28930eFb4CeF49B2d1F2C9C1199",
  privateKey: "0xdf57089febbacf7ba0bc227dafbffa9fc08a93fdc68e1e42411a14efcf23656e",
} as const;

/** "3000" or "2999.5" (USD, up to 8 decimals) as the feed's integer answer; null when malformed or not positive. */
export function parseEthUsd(text: string): bigint | null {
  const m = /^(\d{1,12})(?:\.(\d{1,8}))?$/.exec(text.trim());
  if (!m) return null;
  const value = BigInt(m[1]!) * 10n ** BigInt(ETH_USD_DECIMALS) + BigInt((m[2] ?? "").padEnd(ETH_USD_DECIMALS, "0"));
  return value > 0n ? value : null;
}
