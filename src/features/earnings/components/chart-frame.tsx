import type { ReactElement } from "react";
import { ResponsiveContainer } from "recharts";

export const CHART_COLOURS = { invested: "#4d6f8a", income: "#0b6e4f", reward: "#c07a12", earned: "#8a3ffc" } as const;

/**
 * A chart is a picture of the table under it: one image with a name for screen readers (the
 * table carries the figures), sized to the phone's width.
 */
export function ChartFrame({ label, children, height = 220 }: { label: string; children: ReactElement; height?: number }) {
  return (
    <div className="chart" role="img" aria-label={label} data-testid="earnings-chart" style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </div>
  );
}

/** Axis ticks: short numbers ("1.2k") keep the axis narrow on a phone. */
export function shortTick(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1_000_000) return `${(value / 1_000_000).toFixed(1)}M`;
  if (abs >= 1_000) return `${(value / 1_000).toFixed(1)}k`;
  return String(value);
}
