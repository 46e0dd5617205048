import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { discountBps, formatSignedBps, minPayout, parseSlippagePercent } from "@/features/bond/utils/bond-math";

const E18 = 10n ** 18n;

describe("bond math", () => {
  it("gives the discount, or a negative premium, in basis points", () => {
    expect(discountBps(3n * E18, (285n * E18) / 100n)).toBe(500n);
    expect(discountBps(3n * E18, 3n * E18)).toBe(0n);
    expect(discountBps(E18, (11n * E18) / 10n)).toBe(-1000n);
    expect(discountBps(0n, E18)).toBe(0n);
    expect(formatSignedBps(500n)).toBe("5.00%");
    expect(formatSignedBps(-909n)).toBe("-9.09%");
  });

  it("bounds the payout by the slippage, never above the quote", () => {
    expect(minPayout(1000n, 100n)).toBe(990n);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.bigInt({ min: -100n, max: 20_000n }), (payout, bps) => {
        const min = minPayout(payout, bps);
        expect(min).toBeLessThanOrEqual(payout);
        expect(min).toBeGreaterThanOrEqual(0n);
      }),
    );
  });

  it("parses slippage typed in percent", () => {
    expect(parseSlippagePercent("1")).toBe(100n);
    expect(parseSlippagePercent("0.5")).toBe(50n);
    expect(parseSlippagePercent("0.05")).toBe(5n);
    expect(parseSlippagePercent("50")).toBe(5000n);
    for (const bad of ["", "0", "0.001", "51", "abc", "1.2.3", "-1", "100"]) expect(parseSlippagePercent(bad)).toBeNull();
  });
});
