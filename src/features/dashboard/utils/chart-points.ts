import { formatUnits } from "@domain/money";
import type { Snapshot } from "../api/get-snapshots";

export const CHART_METRICS = [
  "marketCap",
  "pexPrice",
  "backingPerPex",
  "winPrice",
  "win1Price",
  "winVault",
  "win1Vault",
  "pexTotalSupply",
  "treasury1Value",
  "treasury2Value",
  "totalDepositedPex",
  "polValue",
] as const;
export type ChartMetric = (typeof CHART_METRICS)[number];

export function isChartMetric(value: string | null): value is ChartMetric {
  return value !== null && (CHART_METRICS as readonly string[]).includes(value);
}

export interface ChartPoint {
  at: number;
  /** Plotted value of a synthetic point (null on recorded ones), so the two kinds draw as two lines. */
  synthetic: number | null;
  recorded: number | null;
  /** The exact value for the tooltip. */
  text: string;
}

/**
 * Snapshots → chart points. The figures are 18-decimal integers; the chart's y axis needs a
 * number, which is only a drawing position: the tooltip shows the exact decimal text. The last
 * synthetic point is repeated as the first recorded one so the two lines join.
 */
export function toChartPoints(list: readonly Snapshot[], metric: ChartMetric, places: number): ChartPoint[] {
  const points: ChartPoint[] = list.map((s) => {
    const text = formatUnits(s[metric], 18, places);
    const value = Number(text);
    return { at: s.at, synthetic: s.synthetic ? value : null, recorded: s.synthetic ? null : value, text };
  });
  const firstRecorded = points.findIndex((p) => p.recorded !== null);
  if (firstRecorded > 0)
    points[firstRecorded - 1] = { ...points[firstRecorded - 1]!, recorded: points[firstRecorded - 1]!.synthetic };
  return points;
}

/** Prices get the specification's 3 decimals; amounts 2. */
export function metricPlaces(metric: ChartMetric): number {
  return metric.endsWith("Price") || metric === "backingPerPex" ? 3 : 2;
}
