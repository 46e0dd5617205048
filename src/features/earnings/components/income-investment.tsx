import { useTranslation } from "react-i18next";
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import { amountUsdt, chartUsdt } from "@/lib/money-format";
import type { Earnings } from "../api/get-earnings";
import { CHART_COLOURS, ChartFrame, shortTick } from "./chart-frame";
import { EarningsTable } from "./earnings-table";
import { ChartCard } from "./earnings-view";

/** Invested against earned over time (cumulative, per week). */
export function IncomeInvestment({ data }: { data: Earnings }) {
  const { t } = useTranslation();
  // Weeks before the first purchase say nothing: start one week before it.
  const firstActive = data.series.points.findIndex((p) => p.invested !== "0" || p.earned !== "0");
  const hasData = firstActive !== -1;
  const points = hasData ? data.series.points.slice(Math.max(firstActive - 1, 0)) : [];
  const chart = points.map((p) => ({ name: p.date.slice(5), invested: chartUsdt(p.invested), earned: chartUsdt(p.earned) }));
  // Newest first in the table: the latest week is what a reader looks for.
  const rows = [...points].reverse();
  // Invested steps up at each purchase; earned grows day by day.
  const lines = [
    { key: "invested", type: "stepAfter", colour: CHART_COLOURS.invested },
    { key: "earned", type: "monotone", colour: CHART_COLOURS.income },
  ] as const;
  return (
    <ChartCard title={t("earnings.incomeInvestment")} id="income-investment" empty={!hasData}>
      <ChartFrame label={t("earnings.chartLabel", { title: t("earnings.incomeInvestment") })}>
        <LineChart data={chart} accessibilityLayer={false} margin={{ top: 8, right: 8, left: -8, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" tickLine={false} minTickGap={16} />
          <YAxis tickFormatter={shortTick} width={48} />
          <Tooltip />
          <Legend />
          {lines.map((l) => (
            <Line
              key={l.key}
              type={l.type}
              dataKey={l.key}
              name={t(`earnings.${l.key}`)}
              stroke={l.colour}
              strokeWidth={2}
              dot={false}
              isAnimationActive={false}
            />
          ))}
        </LineChart>
      </ChartFrame>
      <EarningsTable
        caption={t("earnings.incomeInvestment")}
        columns={[t("earnings.weekOf"), t("earnings.invested"), t("earnings.earned")]}
        rows={rows.map((p) => ({ key: p.date, head: p.date, cells: [amountUsdt(p.invested), amountUsdt(p.earned)] }))}
      />
    </ChartCard>
  );
}
