import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkFeeBps,
  getAmountOut,
  getAmountsOut,
  PANCAKESWAP_V2_FEE_BPS,
  priceImpactBps,
  UNISWAP_V2_FEE_BPS,
} from "@domain/swap-math";

const E18 = 10n ** 18n;
const reserve = fc.bigInt({ min: 10n ** 6n, max: 10n ** 27n });

describe("Uniswap V2 quote", () => {
  it("follows the pair's formula with the 0.3 % fee", () => {
    // 1 ETH into 100 ETH / 100,000 PEX: 997 × 100000 / (100 × 1000 + 997) ≈ 987.16 PEX.
    const out = getAmountOut(E18, 100n * E18, 100_000n * E18);
    expect(out / 10n ** 16n).toBe(98715n);
    expect(priceImpactBps(E18, out, [{ reserveIn: 100n * E18, reserveOut: 100_000n * E18 }])).toBe(128n);
    expect(getAmountOut(0n, E18, E18)).toBe(0n);
  });

  it("chains the pools of a two-hop path as the router's getAmountsOut does", () => {
    // 300 USDB → PEX (300,000 USDB / 100,000 PEX) → ETH (100,000 PEX / 100 ETH).
    const hops = [
      { reserveIn: 300_000n * E18, reserveOut: 100_000n * E18 },
      { reserveIn: 100_000n * E18, reserveOut: 100n * E18 },
    ];
    const amounts = getAmountsOut(300n * E18, hops);
    expect(amounts).toHaveLength(3);
    expect(amounts[1]).toBe(getAmountOut(300n * E18, 300_000n * E18, 100_000n * E18));
    expect(amounts[2]).toBe(getAmountOut(amounts[1]!, 100_000n * E18, 100n * E18));
    // Two 0.3 % fees and a little depth each: 0.0992 ETH for 0.1 ETH at the mid price, 0.79 % impact.
    expect(amounts[2]! / 10n ** 14n).toBe(992n);
    expect(priceImpactBps(300n * E18, amounts[2]!, hops)).toBe(79n);
    expect(getAmountsOut(5n, [])).toEqual([5n]);
  });

  it("never pays the whole reserve and impact grows with size", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 27n }),
        fc.bigInt({ min: 1n, max: 10n ** 27n }),
        reserve,
        reserve,
        (a, b, rin, rout) => {
          const small = a < b ? a : b;
          const big = a < b ? b : a;
          const outSmall = getAmountOut(small, rin, rout);
          const outBig = getAmountOut(big, rin, rout);
          expect(outBig).toBeLessThan(rout);
          expect(outBig).toBeGreaterThanOrEqual(outSmall);
          const hop = [{ reserveIn: rin, reserveOut: rout }];
          // Impact compares prices: only meaningful when the output is far above its rounding unit.
          if (outSmall >= 10n ** 9n) {
            expect(priceImpactBps(big, outBig, hop) + 1n).toBeGreaterThanOrEqual(priceImpactBps(small, outSmall, hop));
            expect(priceImpactBps(small, outSmall, hop)).toBeGreaterThanOrEqual(29n);
          }
        },
      ),
    );
  });

  it("a two-hop swap pays less than the mid price by at least both fees", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 24n }), reserve, reserve, reserve, reserve, (amountIn, r0, r1, r2, r3) => {
        const hops = [
          { reserveIn: r0, reserveOut: r1 },
          { reserveIn: r2, reserveOut: r3 },
        ];
        const amounts = getAmountsOut(amountIn, hops);
        const out = amounts[2]!;
        expect(amounts[1]).toBeLessThan(r1);
        expect(out).toBeLessThan(r3);
        // out ≤ in × (r1/r0) × (r3/r2) × 0.997²: the mid price, less both fees.
        expect(out * r0 * r2 * 1_000_000n).toBeLessThanOrEqual(amountIn * r1 * r3 * 994_009n);
        if (out >= 10n ** 9n) expect(priceImpactBps(amountIn, out, hops)).toBeGreaterThanOrEqual(59n);
      }),
    );
  });

  it("takes the DEX's fee: PancakeSwap V2's 0.25 % as PancakeLibrary computes it (9975 / 10000)", () => {
    // 1 BNB into 100 BNB / 100,000 PEX: 9975 × 100000 / (100 × 10000 + 9975) ≈ 987.65 PEX.
    const out = getAmountOut(E18, 100n * E18, 100_000n * E18, PANCAKESWAP_V2_FEE_BPS);
    expect(out).toBe((E18 * 9975n * 100_000n * E18) / (100n * E18 * 10_000n + E18 * 9975n));
    expect(out / 10n ** 16n).toBe(98764n);
    expect(out).toBeGreaterThan(getAmountOut(E18, 100n * E18, 100_000n * E18, UNISWAP_V2_FEE_BPS));
    // Uniswap's own formula (997 / 1000) is the same one at 30 bps.
    expect(getAmountOut(E18, 100n * E18, 100_000n * E18)).toBe((E18 * 997n * 100_000n * E18) / (100n * E18 * 1000n + E18 * 997n));
    // Two hops at 25 bps: out ≤ the mid price less 0.9975² of it.
    const hops = [
      { reserveIn: 300_000n * E18, reserveOut: 100_000n * E18 },
      { reserveIn: 100_000n * E18, reserveOut: 100n * E18 },
    ];
    const amounts = getAmountsOut(300n * E18, hops, PANCAKESWAP_V2_FEE_BPS);
    expect(amounts[2]).toBe(getAmountOut(amounts[1]!, 100_000n * E18, 100n * E18, PANCAKESWAP_V2_FEE_BPS));
    expect(amounts[2]! * 100_000_000n).toBeLessThanOrEqual((E18 / 10n) * 99_500_625n);
  });

  it("a higher fee never pays more, and a fee outside 0 … 9,999 bps is refused", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 27n }),
        reserve,
        reserve,
        fc.integer({ min: 0, max: 9_998 }),
        (a, rin, rout, fee) => {
          expect(getAmountOut(a, rin, rout, fee)).toBeGreaterThanOrEqual(getAmountOut(a, rin, rout, fee + 1));
        },
      ),
    );
    expect(getAmountOut(E18, E18, E18, 0)).toBe(E18 / 2n);
    for (const bad of [-1, 10_000, 2.5, Number.NaN]) expect(() => checkFeeBps(bad)).toThrow(RangeError);
    expect(() => getAmountOut(E18, E18, E18, 10_000)).toThrow(RangeError);
  });
});
