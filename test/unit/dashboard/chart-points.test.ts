import { describe, expect, it } from "vitest";
import type { Snapshot } from "@/features/dashboard/api/get-snapshots";
import { metricPlaces, toChartPoints } from "@/features/dashboard/utils/chart-points";

const E18 = 10n ** 18n;
function snap(at: number, synthetic: boolean, price: bigint): Snapshot {
  const v = (n: bigint) => (n * E18).toString();
  return {
    at,
    block: synthetic ? 0 : at,
    synthetic,
    marketCap: v(1000n),
    pexPrice: price.toString(),
    backingPerPex: v(1n),
    pexTotalSupply: v(1n),
    winPrice: v(1n),
    winVault: v(1n),
    win1Price: v(1n),
    win1Vault: v(1n),
    treasury1Value: v(1n),
    treasury2Value: v(1n),
    totalDepositedPex: v(1n),
    polLiquidity: v(1n),
    polValue: v(1n),
    ethPrice: null,
    polShareBps: null,
  };
}

describe("chart points", () => {
  it("draws synthetic and recorded points as two lines that join", () => {
    const points = toChartPoints(
      [snap(1, true, 2n * E18), snap(2, true, (25n * E18) / 10n), snap(3, false, 3n * E18)],
      "pexPrice",
      3,
    );
    expect(points.map((p) => p.synthetic)).toEqual([2, 2.5, null]);
    expect(points.map((p) => p.recorded)).toEqual([null, 2.5, 3]);
    expect(points.map((p) => p.text)).toEqual(["2.000", "2.500", "3.000"]);
    expect(metricPlaces("pexPrice")).toBe(3);
    expect(metricPlaces("marketCap")).toBe(2);
  });

  it("leaves an all-recorded series alone", () => {
    const points = toChartPoints([snap(1, false, E18), snap(2, false, E18)], "marketCap", 2);
    expect(points.every((p) => p.synthetic === null && p.recorded === 1000)).toBe(true);
  });
});
