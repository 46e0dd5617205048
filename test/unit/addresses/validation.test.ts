import { describe, expect, it } from "vitest";
import { idNumberProblem, normaliseIdNumber } from "@domain/id-number";
import { cardNumberProblem, normaliseCardNumber } from "@domain/luhn";
import { isPhone } from "@domain/phone";

/** The rules the account forms check before calling the API (the server checks them again). */
describe("form validation rules", () => {
  it("phone: 11 digits, 1 then 3 to 9", () => {
    expect(isPhone("13912345678")).toBe(true);
    expect(isPhone("19912345678")).toBe(true);
    expect(isPhone("12345678901")).toBe(false);
    expect(isPhone("1391234567")).toBe(false);
    expect(isPhone("139123456789")).toBe(false);
    expect(isPhone("23912345678")).toBe(false);
  });

  it("ID number: 15 digits, or 17 digits and a digit or X with the check digit verified", () => {
    expect(idNumberProblem(normaliseIdNumber("11010519491231002x"))).toBeNull();
    expect(idNumberProblem("110105194912310021")).toMatch(/check digit/);
    expect(idNumberProblem("110105491231002")).toBeNull();
    expect(idNumberProblem("1101051949123100")).toMatch(/15 digits/);
    expect(idNumberProblem("11010519491331002X")).toMatch(/birth date/);
  });

  it("card number: 12 to 19 digits, Luhn-checked; spaces are ignored", () => {
    expect(cardNumberProblem(normaliseCardNumber("6222 0202 0011 2233 446"))).toBeNull();
    expect(cardNumberProblem("6222020200112233445")).toMatch(/check digit/);
    expect(cardNumberProblem("12345")).toMatch(/12 to 19/);
  });
});
