import { renderToString } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { BondTerms } from "@/features/bond/components/bond-terms";
import { BondTermsPreview } from "@/features/bond/components/bond-terms-preview";
import { type BondMarket, bondMarketFromFigures } from "@/features/bond/utils/bond-market";
import type { BondFigures, ProtocolFigures } from "@/lib/protocol/public-figures";
import { setupI18n } from "../support/setup";

beforeAll(async () => {
  await setupI18n("en");
});

const E18 = 10n ** 18n;
const BLOCK = { number: 77n, timestamp: 1_700_000_000n };
const kind = (rateBps: bigint, bondPrice: bigint | null) => ({
  rateBps,
  vesting: 5n * 86_400n,
  capacity: 1_000_000n * E18,
  bondPrice,
});
/** What useBondMarket hands the card for a chain whose average price is there. */
const live: BondMarket = {
  marketPrice: (31n * E18) / 10n,
  averagePrice: 3n * E18,
  refusal: null,
  eth: kind(500n, (285n * E18) / 100n),
  lp: kind(1_000n, (3n * E18 * 10n) / 11n),
};
const s = (v: bigint | null) => (v === null ? null : v.toString());
const part = (m: BondMarket, averageRefusal: string | null = null): BondFigures => ({
  marketPrice: m.marketPrice.toString(),
  averagePrice: s(m.averagePrice),
  averageRefusal,
  eth: { rateBps: s(m.eth.rateBps)!, vesting: s(m.eth.vesting)!, capacity: s(m.eth.capacity)!, bondPrice: s(m.eth.bondPrice) },
  lp: { rateBps: s(m.lp.rateBps)!, vesting: s(m.lp.vesting)!, capacity: s(m.lp.capacity)!, bondPrice: s(m.lp.bondPrice) },
});
const figures = (bonds: BondFigures | null): ProtocolFigures => ({
  block: { number: "77", timestamp: "1700000000" },
  dashboard: null,
  stake: null,
  bonds,
  lottery: null,
});
const refused: BondMarket = {
  ...live,
  averagePrice: null,
  refusal: "settling",
  eth: { ...live.eth, bondPrice: null },
  lp: { ...live.lp, bondPrice: null },
};

describe("the bond terms from the server's figures", () => {
  it("take the decimal strings as the exact bigints the wallet's reads give", () => {
    expect(bondMarketFromFigures(part(live))).toEqual(live);
  });

  it("name a refused average by the price-refusal names, and nothing when the average is there", () => {
    expect(bondMarketFromFigures(part(refused, "UniswapV2TwapOracleStale"))).toEqual(refused);
    expect(bondMarketFromFigures(part(refused, "UniswapV2TwapOracleSpotDeviation")).refusal).toBe("moving");
    expect(bondMarketFromFigures(part(refused, "FrontLpSpotOffAverage")).refusal).toBe("lpMoving");
    // Another revert (or none named) is no refusal the page can explain.
    expect(bondMarketFromFigures(part(refused, "FrontNoLiquidity")).refusal).toBeNull();
    expect(bondMarketFromFigures(part(refused, "toString")).refusal).toBeNull();
    expect(bondMarketFromFigures(part(live, "UniswapV2TwapOracleStale")).refusal).toBeNull();
  });

  it("paint the very markup the wallet's reads paint for the same chain state and block", () => {
    for (const [m, refusal] of [
      [live, null],
      [refused, "UniswapV2TwapOracleStale"],
    ] as const) {
      const preview = renderToString(<BondTermsPreview figures={figures(part(m, refusal))} />);
      expect(preview).toBe(renderToString(<BondTerms market={m} block={BLOCK} />));
      expect(preview).toContain("As of block #77");
    }
    expect(renderToString(<BondTermsPreview figures={figures(null)} />)).toBe("");
  });
});
