import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { idCheckChar, idNumberProblem, isIdNumber, maskIdNumber, normaliseIdNumber } from "../../../domain/id-number";

const now = new Date("2025-06-01T00:00:00Z");

describe("ID numbers (GB 11643)", () => {
  it("computes the check character of the standard examples", () => {
    expect(idCheckChar("11010519491231002")).toBe("X");
    expect(idCheckChar("44052418800101001")).toBe("4");
  });

  it("accepts valid 18-character numbers, with x or X", () => {
    expect(isIdNumber("11010519491231002X", now)).toBe(true);
    expect(isIdNumber(normaliseIdNumber(" 11010519491231002x "), now)).toBe(true);
    expect(isIdNumber("110105199003071239", now)).toBe(true);
    expect(idNumberProblem("440524188001010014", now)).toBe("ID number has an invalid birth date"); // check digit right, but born 1880
  });

  it("refuses a wrong check character", () => {
    expect(idNumberProblem("110105194912310021", now)).toBe("ID number check digit is wrong");
  });

  it("refuses impossible and future birth dates", () => {
    const base = (date: string) => `110105${date}002`;
    expect(idNumberProblem(base("19490230") + idCheckChar(base("19490230")), now)).toBe("ID number has an invalid birth date");
    expect(idNumberProblem(base("20300101") + idCheckChar(base("20300101")), now)).toBe("ID number has an invalid birth date");
    expect(idNumberProblem(base("18991231") + idCheckChar(base("18991231")), now)).toBe("ID number has an invalid birth date");
  });

  it("accepts 15-digit numbers with a real 19YYMMDD birth date and no check digit", () => {
    expect(isIdNumber("110105491231002", now)).toBe(true);
    expect(idNumberProblem("110105491331002", now)).toBe("ID number has an invalid birth date");
  });

  it("refuses other shapes with one clear message", () => {
    for (const v of [
      "",
      "1101051949123100",
      "11010519491231002Y",
      "1101051949123100XX",
      "X10105194912310021",
      "11010519491231002 ",
    ]) {
      expect(idNumberProblem(v, now)).toBe("ID number must be 15 digits, or 17 digits followed by a digit or X");
    }
    expect(idNumberProblem("010105491231002", now)).toBe("ID number has an unknown region code");
  });

  it("any single-digit change of a valid number is caught by the check character", () => {
    const valid = "11010519491231002X";
    fc.assert(
      fc.property(fc.integer({ min: 14, max: 16 }), fc.integer({ min: 0, max: 9 }), (pos, digit) => {
        fc.pre(valid[pos] !== String(digit));
        const changed = valid.slice(0, pos) + digit + valid.slice(pos + 1);
        expect(isIdNumber(changed, now)).toBe(false);
      }),
    );
  });

  it("masks all but the first and last four characters", () => {
    expect(maskIdNumber("11010519491231002X")).toBe("1101**********002X");
    expect(maskIdNumber("110105491231002")).toBe("1101*******1002");
  });
});
