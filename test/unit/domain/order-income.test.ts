import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dailyIncome, formatRatePpm, orderPrice, parseTeamRewardRates, teamRewards } from "../../../domain/order-income";

describe("dailyIncome", () => {
  it("is the principal times the ppm rate, rounded down", () => {
    expect(dailyIncome(100_000_000n, 12_000)).toBe(1_200_000n); // 100 USDT at 1.2 % = 1.2 USDT
    expect(dailyIncome(999n, 1_000)).toBe(0n);
    expect(dailyIncome(1_000n, 1_000)).toBe(1n);
  });

  it("never pays more than the exact amount, and less than one unit under it", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 15n }), fc.integer({ min: 0, max: 1_000_000 }), (principal, rate) => {
        const income = dailyIncome(principal, rate);
        expect(income * 1_000_000n <= principal * BigInt(rate)).toBe(true);
        expect((income + 1n) * 1_000_000n > principal * BigInt(rate)).toBe(true);
      }),
    );
  });

  it("refuses negative input", () => {
    expect(() => dailyIncome(-1n, 1)).toThrow(RangeError);
    expect(() => dailyIncome(1n, -1)).toThrow(RangeError);
  });
});

describe("teamRewards", () => {
  it("gives each level its share of the income, rounded down", () => {
    expect(teamRewards(1_200_000n, [100_000, 50_000])).toEqual([120_000n, 60_000n]);
    expect(teamRewards(9n, [100_000, 50_000])).toEqual([0n, 0n]);
    expect(teamRewards(1n, [])).toEqual([]);
  });
});

describe("orderPrice", () => {
  it("charges CNY fen for pay type 1 and micro-USDT for pay type 2", () => {
    const product = { priceCny: 19_900n, priceUsdt: 28_000_000n };
    expect(orderPrice(product, 1)).toEqual({ currency: "CNY", amount: 19_900n });
    expect(orderPrice(product, 2)).toEqual({ currency: "USDT", amount: 28_000_000n });
  });
});

describe("formatRatePpm", () => {
  it("shows a ppm rate as a percent with two decimals", () => {
    expect(formatRatePpm(12_000)).toBe("1.20%");
    expect(formatRatePpm(0)).toBe("0.00%");
    expect(formatRatePpm(1_000_000)).toBe("100.00%");
    expect(formatRatePpm(12_345)).toBe("1.23%");
    expect(formatRatePpm(12_350)).toBe("1.24%");
    expect(() => formatRatePpm(-1)).toThrow(RangeError);
  });
});

describe("parseTeamRewardRates", () => {
  it("reads comma-separated ppm rates, level 1 first", () => {
    expect(parseTeamRewardRates("100000,50000")).toEqual([100_000, 50_000]);
    expect(parseTeamRewardRates(" 1 , 2 ")).toEqual([1, 2]);
    expect(parseTeamRewardRates("")).toEqual([]);
  });

  it("refuses garbage, negative rates and more than 100 % in total", () => {
    for (const bad of ["10%", "-1", "1.5", "abc", "600000,600000", "1,,2", "1,2,3,4,5,6,7,8,9,10,11"]) {
      expect(() => parseTeamRewardRates(bad), bad).toThrow(RangeError);
    }
  });
});
