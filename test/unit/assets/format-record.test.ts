import { describe, expect, it } from "vitest";
import { formatRecordAmount, shortHash } from "@/features/assets/utils/format-record";

describe("record display", () => {
  it("signs amounts and uses 2 decimals of the currency's minor unit", () => {
    expect(formatRecordAmount("500000000", "USDT")).toBe("+500.00 USDT");
    expect(formatRecordAmount("-20000000", "USDT")).toBe("-20.00 USDT");
    expect(formatRecordAmount("123456789", "CNY")).toBe("+1,234,567.89 CNY");
    expect(formatRecordAmount("1999999", "USDT")).toBe("+1.99 USDT");
  });

  it("shortens a transaction hash", () => {
    expect(shortHash(`0x${"ab".repeat(32)}`)).toBe("0xababab…ababab");
  });
});
