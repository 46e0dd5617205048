import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cardNumberProblem, isLuhnValid, maskCardNumber, normaliseCardNumber } from "../../../domain/luhn";

describe("Luhn and card numbers", () => {
  it("accepts known valid numbers", () => {
    expect(isLuhnValid("4111111111111111")).toBe(true);
    expect(isLuhnValid("79927398713")).toBe(true);
    expect(cardNumberProblem("6222020200112233446")).toBe(null);
  });
  it("refuses a wrong check digit", () => {
    expect(isLuhnValid("4111111111111112")).toBe(false);
    expect(cardNumberProblem("6222020200112233445")).toBe("Card number check digit is wrong");
  });
  it("refuses lengths outside 12..19 and non-digits", () => {
    expect(cardNumberProblem("41111111116")).toBe("Card number must be 12 to 19 digits");
    expect(cardNumberProblem("41111111111111111113")).toBe("Card number must be 12 to 19 digits");
    expect(cardNumberProblem("4111a11111111111")).toBe("Card number must be 12 to 19 digits");
    expect(isLuhnValid("")).toBe(false);
  });
  it("catches every single-digit error", () => {
    const valid = "4111111111111111";
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 15 }), fc.integer({ min: 0, max: 9 }), (pos, digit) => {
        fc.pre(valid[pos] !== String(digit));
        expect(isLuhnValid(valid.slice(0, pos) + digit + valid.slice(pos + 1))).toBe(false);
      }),
    );
  });
  it("drops spaces and dashes, and masks the middle", () => {
    expect(normaliseCardNumber("6222 0202-0011 2233 445")).toBe("6222020200112233445");
    expect(maskCardNumber("6222020200112233445")).toBe("6222 **** **** 3445");
  });
});
