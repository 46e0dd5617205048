import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { useRenderLanguage } from "@/lib/i18n/use-render-language";
import { chartDay, chartMoment } from "../utils/chart-labels";
import type { ChartPoint } from "../utils/chart-points";

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
  const lang = useRenderLanguage();
  return (
    <ResponsiveContainer width="100%" height={220}>
      <LineChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke="#eef0f2" />
        <XAxis
          dataKey="at"
          type="number"
          domain={["dataMin", "dataMax"]}
          tickFormatter={(ms: number) => chartDay(ms, lang)}
          tick={{ fontSize: 11, fill: "#555d66" }}
        />
        <YAxis
          width={48}
          tick={{ fontSize: 11, fill: "#555d66" }}
          domain={["auto", "auto"]}
          tickFormatter={(v: number) => compact.format(v)}
        />
        <Tooltip
          labelFormatter={(v) => chartMoment(Number(v), lang)}
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
