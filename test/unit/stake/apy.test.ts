import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { apyWad, epochsPerYear, rateWad } from "@/features/stake/utils/apy";

const EIGHT_HOURS = 8n * 3600n;

describe("APY of the rebase", () => {
  it("compounds the per-epoch rate over the epochs of a year", () => {
    expect(epochsPerYear(EIGHT_HOURS)).toBe(1095n);
    expect(rateWad(3000n, 1_000_000n)).toBe(3n * 10n ** 15n);
    // (1.003)^1095 − 1 ≈ 25.5779 (2557.79 %)
    const apy = apyWad(3000n, 1_000_000n, EIGHT_HOURS);
    expect(apy / 10n ** 14n).toBe(255779n);
    expect(apyWad(0n, 1_000_000n, EIGHT_HOURS)).toBe(0n);
    expect(apyWad(3000n, 0n, EIGHT_HOURS)).toBe(0n);
    expect(apyWad(3000n, 1_000_000n, 0n)).toBe(0n);
  });

  it("never falls below simple interest and grows with the rate", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10_000n }),
        fc.bigInt({ min: 0n, max: 10_000n }),
        fc.integer({ min: 1, max: 48 }),
        (a, b, hours) => {
          const epoch = BigInt(hours) * 3600n;
          const n = epochsPerYear(epoch);
          const lo = a < b ? a : b;
          const hi = a < b ? b : a;
          const apyLo = apyWad(lo, 1_000_000n, epoch);
          expect(apyWad(hi, 1_000_000n, epoch)).toBeGreaterThanOrEqual(apyLo);
          // Rounding down at each of log2(n) steps costs a few wei at most.
          expect(apyLo + 64n).toBeGreaterThanOrEqual(rateWad(lo, 1_000_000n) * n);
          expect(apyLo).toBeGreaterThanOrEqual(0n);
        },
      ),
      { numRuns: 200 },
    );
  });
});
