import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { getAmountOut, priceImpactBps } from "@/features/exchange/utils/swap-math";

const E18 = 10n ** 18n;

describe("Uniswap V2 quote", () => {
  it("follows the pair's formula with the 0.3 % fee", () => {
    // 1 ETH into 100 ETH / 100,000 PEX: 997 × 100000 / (100 × 1000 + 997) ≈ 987.16 PEX.
    const out = getAmountOut(E18, 100n * E18, 100_000n * E18);
    expect(out / 10n ** 16n).toBe(98715n);
    expect(priceImpactBps(E18, out, 100n * E18, 100_000n * E18)).toBe(128n);
    expect(getAmountOut(0n, E18, E18)).toBe(0n);
  });

  it("never pays the whole reserve and impact grows with size", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 27n }),
        fc.bigInt({ min: 1n, max: 10n ** 27n }),
        fc.bigInt({ min: 10n ** 6n, max: 10n ** 27n }),
        fc.bigInt({ min: 10n ** 6n, max: 10n ** 27n }),
        (a, b, rin, rout) => {
          const small = a < b ? a : b;
          const big = a < b ? b : a;
          const outSmall = getAmountOut(small, rin, rout);
          const outBig = getAmountOut(big, rin, rout);
          expect(outBig).toBeLessThan(rout);
          expect(outBig).toBeGreaterThanOrEqual(outSmall);
          // Impact compares prices: only meaningful when the output is far above its rounding unit.
          if (outSmall >= 10n ** 9n) {
            expect(priceImpactBps(big, outBig, rin, rout) + 1n).toBeGreaterThanOrEqual(
              priceImpactBps(small, outSmall, rin, rout),
            );
            expect(priceImpactBps(small, outSmall, rin, rout)).toBeGreaterThanOrEqual(29n);
          }
        },
      ),
    );
  });
});
