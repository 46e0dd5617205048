import { describe, expect, it } from "vitest";
import { parseDays, remainingDays } from "@/features/claim-profit/utils/days";

describe("acceleration days", () => {
  it("allows whole days up to what the position has left", () => {
    expect(remainingDays(30n, 4n)).toBe(26n);
    expect(remainingDays(30n, 31n)).toBe(0n);
    expect(parseDays("5", 26n)).toBe(5n);
    expect(parseDays("26", 26n)).toBe(26n);
    for (const bad of ["", "0", "27", "1.5", "-1", "abc", "01"]) expect(parseDays(bad, 26n)).toBeNull();
  });
});
