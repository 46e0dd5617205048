import { describe, expect, it } from "vitest";
import { formatCny, formatPrice, formatUnits, formatUsdt, parseUnits, percent, thousands } from "@domain/money";

describe("formatUnits", () => {
  it("formats fen as yuan with 2 decimals", () => {
    expect(formatCny("123456")).toBe("1234.56");
    expect(formatCny("5")).toBe("0.05");
    expect(formatCny("0")).toBe("0.00");
    expect(formatCny(-250n)).toBe("-2.50");
  });

  it("truncates micro-USDT to 2 decimals, never showing more than is held", () => {
    expect(formatUsdt("1999999")).toBe("1.99");
    expect(formatUsdt("1000000")).toBe("1.00");
    expect(formatUsdt("9999")).toBe("0.00");
    expect(formatUsdt("-1999999")).toBe("-1.99");
  });

  it("does not lose precision beyond Number's safe range", () => {
    expect(formatUsdt("123456789012345678901234")).toBe("123456789012345678.90");
  });

  it("rounds prices half up to 3 decimals", () => {
    expect(formatPrice("1234567", 6)).toBe("1.235");
    expect(formatPrice("1234499", 6)).toBe("1.234");
    expect(formatPrice("100", 2)).toBe("1.000");
  });

  it("pads when more places are shown than the unit has", () => {
    expect(formatUnits("7", 0, 2)).toBe("7.00");
    expect(formatUnits("7", 2, 0)).toBe("0");
  });

  it("refuses anything that is not an integer amount", () => {
    expect(() => formatCny("1.5")).toThrow(RangeError);
    expect(() => formatCny("abc")).toThrow(RangeError);
    expect(() => formatCny(0.1)).toThrow(RangeError);
  });
});

describe("thousands", () => {
  it("groups the integer part only", () => {
    expect(thousands("1234567.891")).toBe("1,234,567.891");
    expect(thousands("999")).toBe("999");
    expect(thousands("-1000")).toBe("-1,000");
    expect(thousands(1234567n)).toBe("1,234,567");
    expect(thousands("0.5")).toBe("0.5");
  });

  it("refuses non-numbers", () => {
    expect(() => thousands("12a")).toThrow(RangeError);
    expect(() => thousands("")).toThrow(RangeError);
  });
});

describe("percent", () => {
  it("multiplies by 100 exactly and appends %", () => {
    expect(percent("0.0125")).toBe("1.25%");
    expect(percent("0.1")).toBe("10%");
    expect(percent("1")).toBe("100%");
    expect(percent("-0.5")).toBe("-50%");
    expect(percent(0.07)).toBe("7%");
  });

  it("rounds half up to fixed places when asked", () => {
    expect(percent("0.123456", 2)).toBe("12.35%");
    expect(percent("0.5", 2)).toBe("50.00%");
  });
});

describe("parseUnits", () => {
  it("turns typed decimals into minor units", () => {
    expect(parseUnits("12.5", 6)).toBe(12_500_000n);
    expect(parseUnits("0.01", 2)).toBe(1n);
    expect(parseUnits(".5", 2)).toBe(50n);
    expect(parseUnits("3", 2)).toBe(300n);
  });

  it("refuses more decimals than the unit holds", () => {
    expect(() => parseUnits("0.001", 2)).toThrow(RangeError);
    expect(() => parseUnits("1e3", 2)).toThrow(RangeError);
  });
});
