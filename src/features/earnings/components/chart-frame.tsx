import type { ReactElement } from "react";
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

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

/** One series of a bar chart; bars with the same `stack` stack on each other. */
export interface BarSeries {
  key: string;
  name: string;
  colour: string;
  stack?: string;
}

/**
 * The earnings pages' bar chart: one bar (or stack) per row of `data`, named by its `name`.
 * The legend shows when there is more than one series.
 */
export function EarningsBarChart({
  label,
  data,
  series,
}: {
  label: string;
  data: readonly ({ name: string } & Record<string, number | string>)[];
  series: readonly BarSeries[];
}) {
  return (
    <ChartFrame label={label}>
      <BarChart data={[...data]} accessibilityLayer={false} margin={{ top: 8, right: 8, left: -8, bottom: 0 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="name" tickLine={false} />
        <YAxis tickFormatter={shortTick} width={48} />
        <Tooltip />
        {series.length > 1 ? <Legend /> : null}
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key} stackId={s.stack} name={s.name} fill={s.colour} isAnimationActive={false} />
        ))}
      </BarChart>
    </ChartFrame>
  );
}
