import { decodeRevert } from "@/lib/wallet/tx-error";
import { PROTOCOL_ERRORS_ABI } from "./errors-abi";

/**
 * Bonds, acceleration fees and their quotes are priced from the PEX-ETH time-weighted average
 * (contracts/oracle/UniswapV2TwapOracle.sol), which refuses while the pool's price is being moved
 * or strays from the average ("moving"), and while the average is missing or stale until the
 * next observation ("settling"). LP bonds, which add liquidity at the pool's own price, also
 * refuse while it is more than 1 % from the average ("lpMoving"). All pass within minutes.
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

/** Which refusal a failed read or write is, given the error or its decoded revert ("Name(args)"). */
export function priceRefusalOf(error: unknown): PriceRefusal | null {
  if (error === null || error === undefined) return null;
  const revert = typeof error === "string" ? error : decodeRevert(error, PROTOCOL_ERRORS_ABI);
  const name = revert ? /^(\w+)/.exec(revert)?.[1] : undefined;
  return (name && REFUSALS[name]) || null;
}
