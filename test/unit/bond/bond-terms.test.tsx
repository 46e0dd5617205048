import { render, screen } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { BondTerms } from "@/features/bond/components/bond-terms";
import type { BondMarket } from "@/features/bond/utils/bond-market";
import { autoCleanup, setupI18n } from "../support/setup";

autoCleanup();
beforeAll(async () => {
  await setupI18n("en");
});

const E18 = 10n ** 18n;
const terms = { vesting: 5n * 86_400n, capacity: 1_000_000n * E18 };
const market: BondMarket = {
  marketPrice: (31n * E18) / 10n,
  averagePrice: 3n * E18,
  refusal: null,
  eth: { ...terms, rateBps: 500n, bondPrice: (285n * E18) / 100n },
  lp: { ...terms, rateBps: 1_000n, bondPrice: (3n * E18 * 10n) / 11n },
};
const text = (id: string) => screen.getByTestId(`fig-${id}`).textContent;

describe("bond terms", () => {
  it("shows the spot and the average price, and each bond's discount on the average it is priced from", () => {
    render(<BondTerms market={market} block={undefined} />);
    expect(text("market")).toBe("3.100 USDB");
    expect(text("average")).toBe("3.000 USDB");
    expect(text("eth-price")).toBe("2.850 USDB");
    expect(text("eth-discount")).toBe("5.00%");
    expect(text("lp-discount")).toBe("9.09%");
    expect(screen.queryByTestId("bond-price-refusal")).toBeNull();
  });

  it("while the average is refused: dashes for prices and discounts, and what to do", () => {
    const refused = {
      ...market,
      averagePrice: null,
      refusal: "moving" as const,
      eth: { ...market.eth, bondPrice: null },
      lp: { ...market.lp, bondPrice: null },
    };
    render(<BondTerms market={refused} block={undefined} />);
    expect(text("average")).toBe("—");
    expect([text("eth-price"), text("eth-discount"), text("lp-price"), text("lp-discount")]).toEqual(["—", "—", "—", "—"]);
    expect(text("eth-capacity")).toBe("1,000,000.00 PEX");
    expect(screen.getByRole("alert").textContent).toBe(
      "The PEX price is moving fast, so prices are paused until it settles. Please try again in a few minutes.",
    );
  });
});
