import { priceRefusalNamed, type PriceRefusal } from "@/lib/protocol/price-refusal-names";
import type { BondFigures } from "@/lib/protocol/public-figures";

/** One bond kind: its terms and its price for 1 ETH (null while the average price is refused). */
export interface BondKind {
  rateBps: bigint;
  vesting: bigint;
  capacity: bigint;
  bondPrice: bigint | null;
}

/**
 * What the bond terms card shows: spot and average price (null while the oracle refuses it, with
 * the refusal), both kinds.
 */
export interface BondMarket {
  marketPrice: bigint;
  averagePrice: bigint | null;
  refusal: PriceRefusal | null;
  eth: BondKind;
  lp: BondKind;
}

/** The server's bond figures (decimal strings, ADR-0209) as the terms card takes them. */
export function bondMarketFromFigures(part: BondFigures): BondMarket {
  const big = (v: string | null) => (v === null ? null : BigInt(v));
  const kind = (k: BondFigures["eth"]): BondKind => ({
    rateBps: BigInt(k.rateBps),
    vesting: BigInt(k.vesting),
    capacity: BigInt(k.capacity),
    bondPrice: big(k.bondPrice),
  });
  const averagePrice = big(part.averagePrice);
  return {
    marketPrice: BigInt(part.marketPrice),
    averagePrice,
    refusal: averagePrice === null ? priceRefusalNamed(part.averageRefusal) : null,
    eth: kind(part.eth),
    lp: kind(part.lp),
  };
}
