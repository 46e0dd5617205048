import { describe, expect, it } from "vitest";
import { parseEntries, winChance } from "@/features/lottery/utils/win-chance";

describe("winChance", () => {
  it("says 1 in N and the percentage, without floats", () => {
    expect(winChance(5n, 10n)).toEqual({ oneIn: "2", percent: "50.00%" });
    expect(winChance(2n, 16n)).toEqual({ oneIn: "8", percent: "12.50%" });
    expect(winChance(1n, 3n)).toEqual({ oneIn: "3", percent: "33.33%" });
    expect(winChance(2n, 3n)).toEqual({ oneIn: "1.5", percent: "66.67%" });
    expect(winChance(10n, 10n)).toEqual({ oneIn: "1", percent: "100.00%" });
    expect(winChance(1n, 1_000_000_000_000n)).toEqual({ oneIn: "1000000000000", percent: "0.00%" });
    expect(winChance(3n, 7n)).toEqual({ oneIn: "2.3", percent: "42.86%" });
  });

  it("is null without entries, with an empty round or impossible numbers", () => {
    expect(winChance(0n, 10n)).toBeNull();
    expect(winChance(1n, 0n)).toBeNull();
    expect(winChance(11n, 10n)).toBeNull();
  });
});

describe("parseEntries", () => {
  it("accepts whole numbers from 1 to 1,000,000 only", () => {
    expect(parseEntries("1")).toBe(1n);
    expect(parseEntries(" 25 ")).toBe(25n);
    expect(parseEntries("1000000")).toBe(1_000_000n);
    for (const bad of ["", "0", "01", "-1", "1.5", "1e3", "abc", "1000001", "99999999"])
      expect(parseEntries(bad), bad).toBeNull();
  });
});
