import { describe, expect, it } from "vitest";
import { discountBps, formatSignedBps } from "@/features/bond/utils/bond-math";

const E18 = 10n ** 18n;

describe("bond math", () => {
  it("gives the discount, or a negative premium, in basis points", () => {
    expect(discountBps(3n * E18, (285n * E18) / 100n)).toBe(500n);
    expect(discountBps(3n * E18, 3n * E18)).toBe(0n);
    expect(discountBps(E18, (11n * E18) / 10n)).toBe(-1000n);
    expect(discountBps(0n, E18)).toBe(0n);
    expect(formatSignedBps(500n)).toBe("5.00%");
    expect(formatSignedBps(-909n)).toBe("-9.09%");
  });
});
