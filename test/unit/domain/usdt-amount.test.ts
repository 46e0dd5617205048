import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  isMinorAmount,
  microToTokenUnits,
  parseUsdt,
  parseUsdtPayment,
  tokenUnitsToMicro,
  usdtInputPlaces,
} from "../../../domain/usdt-amount";

describe("usdt amounts", () => {
  it("accepts only positive integer strings without leading zeros, at most 18 digits", () => {
    for (const ok of ["1", "10000000", "999999999999999999"]) expect(isMinorAmount(ok)).toBe(true);
    for (const bad of ["0", "-1", "01", "1.5", "1e6", " 1", "1000000000000000000", "", "0x10"])
      expect(isMinorAmount(bad)).toBe(false);
  });

  it("converts 18-decimal token units to micro-USDT, keeping the remainder apart", () => {
    expect(tokenUnitsToMicro(1_234_567_890_123_456_789n, 18)).toEqual({ micro: 1_234_567n, remainder: 890_123_456_789n });
    expect(tokenUnitsToMicro(5_000_000n, 6)).toEqual({ micro: 5_000_000n, remainder: 0n });
    expect(tokenUnitsToMicro(7n, 2)).toEqual({ micro: 70_000n, remainder: 0n });
  });

  it("pays micro-USDT in token units and refuses amounts a coarse token cannot carry", () => {
    expect(microToTokenUnits(1_500_000n, 18)).toBe(1_500_000_000_000_000_000n);
    expect(microToTokenUnits(1_500_000n, 6)).toBe(1_500_000n);
    expect(microToTokenUnits(1_500_000n, 2)).toBe(150n);
    expect(() => microToTokenUnits(1_500_001n, 2)).toThrow(RangeError);
    expect(() => microToTokenUnits(-1n, 6)).toThrow(RangeError);
    expect(() => tokenUnitsToMicro(1n, 99)).toThrow(RangeError);
  });

  it("parses configured USDT amounts exactly", () => {
    expect(parseUsdt("10")).toBe(10_000_000n);
    expect(parseUsdt("0.5")).toBe(500_000n);
    expect(parseUsdt("1.000001")).toBe(1_000_001n);
    for (const bad of ["-1", "1.0000001", "1e3", "", ".5", "1."]) expect(() => parseUsdt(bad)).toThrow(RangeError);
  });

  it("round-trips: paying then crediting gives the same micro-USDT with no remainder", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.integer({ min: 6, max: 30 }), (micro, decimals) => {
        expect(tokenUnitsToMicro(microToTokenUnits(micro, decimals), decimals)).toEqual({ micro, remainder: 0n });
      }),
    );
  });

  it("never credits more than arrived: micro × factor + remainder = base", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 40n }), fc.integer({ min: 6, max: 30 }), (base, decimals) => {
        const { micro, remainder } = tokenUnitsToMicro(base, decimals);
        expect(micro * 10n ** BigInt(decimals - 6) + remainder).toBe(base);
        expect(remainder < 10n ** BigInt(decimals - 6)).toBe(true);
      }),
    );
  });

  it("takes a typed payment in an 18-decimal USDT (BSC) to 6 places only, so it converts back exactly, no dust", () => {
    expect(usdtInputPlaces(18)).toBe(6);
    expect(usdtInputPlaces(6)).toBe(6);
    expect(usdtInputPlaces(2)).toBe(2);
    expect(parseUsdtPayment("12.5", 18)).toEqual({ micro: 12_500_000n, tokenUnits: 12_500_000_000_000_000_000n });
    expect(parseUsdtPayment("0.000001", 18)).toEqual({ micro: 1n, tokenUnits: 1_000_000_000_000n });
    // A seventh place would be dust below 1 micro-USDT: refused, never rounded.
    expect(parseUsdtPayment("1.0000001", 18)).toEqual({ problem: "decimals" });
    expect(parseUsdtPayment("12.5", 6)).toEqual({ micro: 12_500_000n, tokenUnits: 12_500_000n });
    expect(parseUsdtPayment("1.25", 2)).toEqual({ micro: 1_250_000n, tokenUnits: 125n });
    expect(parseUsdtPayment("1.001", 2)).toEqual({ problem: "decimals" });
    expect(parseUsdtPayment("0", 18)).toEqual({ problem: "zero" });
    expect(parseUsdtPayment("1000000000000", 18)).toEqual({ problem: "tooLarge" });
  });

  it("pays exactly what the balance is credited, in tokens of any decimals", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 17n }), fc.integer({ min: 0, max: 36 }), (micro, decimals) => {
        const places = usdtInputPlaces(decimals);
        const typed = (micro / 10n ** BigInt(6 - places)) * 10n ** BigInt(6 - places);
        if (typed === 0n) return;
        const text = `${typed / 1_000_000n}.${(typed % 1_000_000n).toString().padStart(6, "0").slice(0, places)}`;
        const paid = parseUsdtPayment(places === 0 ? text.split(".")[0]! : text, decimals);
        if (!("micro" in paid)) throw new Error(JSON.stringify(paid));
        expect(paid.micro).toBe(typed);
        expect(tokenUnitsToMicro(paid.tokenUnits, decimals)).toEqual({ micro: typed, remainder: 0n });
      }),
    );
  });
});
