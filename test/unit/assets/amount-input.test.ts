import { describe, expect, it } from "vitest";
import { parseAmountInput, sanitiseAmountTyping } from "@domain/amount-input";

describe("amount input", () => {
  it("parses typed decimals into integer minor units without a float", () => {
    expect(parseAmountInput("12.5", 6)).toEqual({ amount: 12_500_000n });
    expect(parseAmountInput("0.1", 2)).toEqual({ amount: 10n });
    expect(parseAmountInput(".5", 2)).toEqual({ amount: 50n });
    expect(parseAmountInput("3.", 2)).toEqual({ amount: 300n });
    // 0.1 + 0.2 would be 0.30000000000000004 as floats; here it is exact.
    expect(parseAmountInput("0.3", 6)).toEqual({ amount: 300_000n });
    expect(parseAmountInput("123456789012.123456", 6)).toEqual({ amount: 123_456_789_012_123_456n });
  });

  it("names what is wrong", () => {
    expect(parseAmountInput("", 2)).toEqual({ problem: "empty" });
    expect(parseAmountInput("  ", 2)).toEqual({ problem: "empty" });
    expect(parseAmountInput("1e3", 2)).toEqual({ problem: "format" });
    expect(parseAmountInput("-1", 2)).toEqual({ problem: "format" });
    expect(parseAmountInput("1,5", 2)).toEqual({ problem: "format" });
    expect(parseAmountInput("1.234", 2)).toEqual({ problem: "decimals" });
    expect(parseAmountInput("0", 2)).toEqual({ problem: "zero" });
    expect(parseAmountInput("0.00", 2)).toEqual({ problem: "zero" });
    expect(parseAmountInput("10000000000000000", 2)).toEqual({ problem: "tooLarge" });
  });

  it("keeps only digits and one dot while typing, with at most the allowed decimals", () => {
    expect(sanitiseAmountTyping("12a.3.4", 2)).toBe("12.34");
    expect(sanitiseAmountTyping("1.23456789", 6)).toBe("1.234567");
    expect(sanitiseAmountTyping("-5", 2)).toBe("5");
    expect(sanitiseAmountTyping("7.", 2)).toBe("7.");
  });
});
