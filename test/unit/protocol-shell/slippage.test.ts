import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { minAfterSlippage, parseDeadlineMinutes, parseSlippageBps } from "@/lib/protocol/slippage";

describe("trade limits (bonds and swaps)", () => {
  it("reads slippage typed in percent, 0.01 % to 50 %, as basis points", () => {
    expect(parseSlippageBps("1")).toBe(100n);
    expect(parseSlippageBps("0.5")).toBe(50n);
    expect(parseSlippageBps(" 12.25 ")).toBe(1225n);
    expect(parseSlippageBps("0.05")).toBe(5n);
    expect(parseSlippageBps("0.01")).toBe(1n);
    expect(parseSlippageBps("50")).toBe(5000n);
    for (const bad of ["", "0", "0.00", "0.001", "50.01", "51", "100", "1.234", "1.2.3", "-1", "1e2", "abc"])
      expect(parseSlippageBps(bad)).toBeNull();
  });

  it("the minimum is at most the quote and exactly the quote less the slippage, rounded down", () => {
    expect(minAfterSlippage(1000n, 100n)).toBe(990n);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.bigInt({ min: 1n, max: 5_000n }), (quote, bps) => {
        const min = minAfterSlippage(quote, bps);
        expect(min).toBeLessThanOrEqual(quote);
        expect(min * 10_000n).toBeLessThanOrEqual(quote * (10_000n - bps));
        expect((min + 1n) * 10_000n).toBeGreaterThan(quote * (10_000n - bps));
      }),
    );
    // Out-of-range basis points are clamped, never a negative or inflated bound.
    expect(minAfterSlippage(1000n, -5n)).toBe(1000n);
    expect(minAfterSlippage(1000n, 20_000n)).toBe(0n);
  });

  it("reads a deadline of 1 to 9999 minutes", () => {
    expect(parseDeadlineMinutes("20")).toBe(20n);
    expect(parseDeadlineMinutes("9999")).toBe(9999n);
    for (const bad of ["", "0", "010", "10000", "1.5", "-1", "abc"]) expect(parseDeadlineMinutes(bad)).toBeNull();
  });
});
