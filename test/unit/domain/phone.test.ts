import { describe, expect, it } from "vitest";
import { isPhone, maskPhone } from "../../../domain/phone";

describe("phone", () => {
  it("accepts 11 digits starting 1 then 3..9", () => {
    expect(isPhone("13812345678")).toBe(true);
    expect(isPhone("19900000000")).toBe(true);
  });
  it("refuses other shapes", () => {
    for (const v of [
      "12812345678",
      "10812345678",
      "1381234567",
      "138123456789",
      "+8613812345678",
      "1381234567a",
      " 13812345678",
      "",
    ]) {
      expect(isPhone(v)).toBe(false);
    }
  });
  it("masks the middle four digits", () => {
    expect(maskPhone("13812345678")).toBe("138****5678");
  });
});
