/**
 * The PEX price refusals by their error's name, without the ABIs that decode a revert: what the
 * server's figures name (`averageRefusal`, ADR-0209) and what price-refusal.ts finds in a failed
 * read. Kept apart so the first paint of a protocol page need not load the protocol's ABIs.
 */
export type PriceRefusal = "moving" | "settling" | "lpMoving";

const REFUSALS: Record<string, PriceRefusal> = {
  UniswapV2TwapOracleSpotDeviation: "moving",
  UniswapV2TwapOracleStale: "settling",
  UniswapV2TwapOracleNoAverage: "settling",
  FrontLpSpotOffAverage: "lpMoving",
};

/** The message of each refusal (locales/*.json). */
export const PRICE_REFUSAL_KEY = {
  moving: "protocol.price.moving",
  settling: "protocol.price.settling",
  lpMoving: "protocol.price.lpMoving",
} as const satisfies Record<PriceRefusal, string>;

/** Which refusal an error's name (or a decoded revert, "Name(args)") is; null for any other. */
export function priceRefusalNamed(revert: string | null | undefined): PriceRefusal | null {
  const name = revert ? /^(\w+)/.exec(revert)?.[1] : undefined;
  return (name && Object.hasOwn(REFUSALS, name) && REFUSALS[name]) || null;
}
