import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { ChartPoint } from "../utils/chart-points";

const dateLabel = (ms: number) => new Date(ms).toLocaleDateString(undefined, { month: "2-digit", day: "2-digit" });
// Axis ticks only: "30M", "1.2K" (the tooltip shows the exact figure).
const compact = new Intl.NumberFormat("en", { notation: "compact", maximumFractionDigits: 2 });

/** recharts line chart: synthetic demo history dashed grey, recorded snapshots solid green. Loaded lazily. */
export default function SnapshotChart({
  points,
  syntheticLabel,
  recordedLabel,
}: {
  points: ChartPoint[];
  syntheticLabel: string;
  recordedLabel: string;
}) {
  return (
    <ResponsiveContainer width="100%" height={220}>
      <LineChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke="#eef0f2" />
        <XAxis
          dataKey="at"
          type="number"
          domain={["dataMin", "dataMax"]}
          tickFormatter={dateLabel}
          tick={{ fontSize: 11, fill: "#555d66" }}
        />
        <YAxis
          width={48}
          tick={{ fontSize: 11, fill: "#555d66" }}
          domain={["auto", "auto"]}
          tickFormatter={(v: number) => compact.format(v)}
        />
        <Tooltip
          labelFormatter={(v) => new Date(Number(v)).toLocaleString()}
          formatter={(_v, name, item) => [(item.payload as ChartPoint).text, name]}
        />
        <Line
          name={syntheticLabel}
          dataKey="synthetic"
          stroke="#8a939c"
          strokeDasharray="4 3"
          dot={false}
          isAnimationActive={false}
          connectNulls={false}
        />
        <Line
          name={recordedLabel}
          dataKey="recorded"
          stroke="#0b6e4f"
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
          connectNulls={false}
        />
      </LineChart>
    </ResponsiveContainer>
  );
}
