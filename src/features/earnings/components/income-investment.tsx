import { useTranslation } from "react-i18next";
import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import { Empty } from "@/components/ui/empty";
import { amountUsdt, chartUsdt } from "@/lib/money-format";
import type { Earnings } from "../api/get-earnings";
import { CHART_COLOURS, ChartFrame, shortTick } from "./chart-frame";
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
  return (
    <ChartCard title={t("earnings.incomeInvestment")} id="income-investment">
      {!hasData ? (
        <Empty />
      ) : (
        <>
          <ChartFrame label={t("earnings.chartLabel", { title: t("earnings.incomeInvestment") })}>
            <LineChart data={chart} accessibilityLayer={false} margin={{ top: 8, right: 8, left: -8, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="name" tickLine={false} minTickGap={16} />
              <YAxis tickFormatter={shortTick} width={48} />
              <Tooltip />
              <Legend />
              <Line
                type="stepAfter"
                dataKey="invested"
                name={t("earnings.invested")}
                stroke={CHART_COLOURS.invested}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
              <Line
                type="monotone"
                dataKey="earned"
                name={t("earnings.earned")}
                stroke={CHART_COLOURS.income}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
            </LineChart>
          </ChartFrame>
          <table className="earnings-table" data-testid="earnings-table">
            <caption className="sr-only">{t("earnings.incomeInvestment")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("earnings.weekOf")}</th>
                <th scope="col">{t("earnings.invested")}</th>
                <th scope="col">{t("earnings.earned")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr key={p.date}>
                  <th scope="row">{p.date}</th>
                  <td>{amountUsdt(p.invested)}</td>
                  <td>{amountUsdt(p.earned)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </ChartCard>
  );
}
