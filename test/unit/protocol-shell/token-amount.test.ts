import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { tokenAmountError, validTokenAmount } from "@/components/protocol/token-amount-input";
import { exactTokenText, formatBps, formatToken, parseTokenAmount, sanitiseTokenTyping } from "@/lib/protocol/token-amount";

const E18 = 10n ** 18n;

describe("token amounts", () => {
  it("parses typed amounts into base units without a float", () => {
    expect(parseTokenAmount("1.5", 18)).toEqual({ amount: 15n * 10n ** 17n });
    expect(parseTokenAmount("0.000000000000000001", 18)).toEqual({ amount: 1n });
    expect(parseTokenAmount("123456789012345678901234", 18)).toEqual({ amount: 123456789012345678901234n * E18 });
    expect(parseTokenAmount("1.0000001", 6)).toEqual({ problem: "decimals" });
    expect(parseTokenAmount("", 18)).toEqual({ problem: "empty" });
    expect(parseTokenAmount("0", 18)).toEqual({ problem: "zero" });
    expect(parseTokenAmount("1e5", 18)).toEqual({ problem: "format" });
    expect(parseTokenAmount("9".repeat(80), 18)).toEqual({ problem: "tooLarge" });
  });

  it("never lets typing exceed the token's decimals", () => {
    expect(sanitiseTokenTyping("1,23456789", 6)).toBe("1.234567");
    expect(sanitiseTokenTyping("12a.3.4", 18)).toBe("12.34");
    expect(sanitiseTokenTyping("5.5", 0)).toBe("5");
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 0, max: 18 }), (text, decimals) => {
        const out = sanitiseTokenTyping(text, decimals);
        expect((out.split(".")[1] ?? "").length).toBeLessThanOrEqual(decimals);
        expect(out).toMatch(/^\d*(\.\d*)?$/);
      }),
    );
  });

  it("Max is the exact raw balance: its text parses back to the same bigint", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 2n ** 128n }), fc.integer({ min: 0, max: 18 }), (raw, decimals) => {
        expect(parseTokenAmount(exactTokenText(raw, decimals), decimals)).toEqual({ amount: raw });
        expect(validTokenAmount(exactTokenText(raw, decimals), decimals, raw)).toBe(raw);
        expect(tokenAmountError(exactTokenText(raw, decimals), decimals, raw - 1n)).toBe("overBalance");
      }),
    );
  });

  it("formats for display, truncated and grouped", () => {
    expect(formatToken(1234567n * 10n ** 15n)).toBe("1,234.56");
    expect(formatToken(undefined)).toBe("…");
    expect(formatBps(9999n)).toBe("99.99%");
  });
});
