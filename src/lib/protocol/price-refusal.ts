import { decodeRevert } from "@/lib/wallet/tx-error";
import { PROTOCOL_ERRORS_ABI } from "./errors-abi";
import { priceRefusalNamed } from "./price-refusal-names";

/*
 * Bonds, acceleration fees and their quotes are priced from the PEX-ETH time-weighted average
 * (contracts/oracle/UniswapV2TwapOracle.sol), which refuses while the pool's price is being moved
 * or strays from the average ("moving"), and while the average is missing or stale until the
 * next observation ("settling"). LP bonds, which add liquidity at the pool's own price, also
 * refuse while it is more than 1 % from the average ("lpMoving"). All pass within minutes.
 */
export { PRICE_REFUSAL_KEY, type PriceRefusal } from "./price-refusal-names";

/** Which refusal a failed read or write is, given the error or its decoded revert ("Name(args)"). */
export function priceRefusalOf(error: unknown) {
  if (error === null || error === undefined) return null;
  return priceRefusalNamed(typeof error === "string" ? error : decodeRevert(error, PROTOCOL_ERRORS_ABI));
}
