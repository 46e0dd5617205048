import { describe, expect, it } from "vitest";
import { amountCny, amountUsdt, chartUsdt, priceCny, priceUsdt, ratePpm } from "@/lib/money-format";

describe("shop display filters", () => {
  it("shows amounts with 2 decimals, truncated, through the thousands filter", () => {
    expect(amountCny("500000000")).toBe("5,000,000.00");
    expect(amountCny("19999")).toBe("199.99");
    expect(amountUsdt("1999999")).toBe("1.99");
    expect(amountUsdt("1234567890123")).toBe("1,234,567.89");
    expect(amountUsdt("0")).toBe("0.00");
  });

  it("shows prices with 3 decimals through the thousands filter", () => {
    expect(priceCny("19900")).toBe("199.000");
    expect(priceCny("599900")).toBe("5,999.000");
    expect(priceUsdt("28000000")).toBe("28.000");
    // half up at the third decimal
    expect(priceUsdt("1234500")).toBe("1.235");
    expect(priceUsdt("1234499")).toBe("1.234");
  });

  it("shows a ppm rate through the percent filter (×100 and %)", () => {
    expect(ratePpm(8000)).toBe("0.80%");
    expect(ratePpm(12_000)).toBe("1.20%");
    expect(ratePpm(16_000)).toBe("1.60%");
    expect(ratePpm(1_000_000)).toBe("100.00%");
    expect(ratePpm(125)).toBe("0.01%");
  });

  it("gives charts the truncated display value", () => {
    expect(chartUsdt("1999999")).toBe(1.99);
    expect(chartUsdt("28000000")).toBe(28);
  });
});
