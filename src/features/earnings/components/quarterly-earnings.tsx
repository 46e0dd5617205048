import { useTranslation } from "react-i18next";
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import { Empty } from "@/components/ui/empty";
import { amountUsdt, chartUsdt } from "@/lib/money-format";
import type { Earnings } from "../api/get-earnings";
import { CHART_COLOURS, ChartFrame, shortTick } from "./chart-frame";
import { ChartCard } from "./earnings-view";

/** Income by quarter: product income and team rewards stacked per quarter. */
export function QuarterlyEarnings({ data }: { data: Earnings }) {
  const { t } = useTranslation();
  const rows = data.byQuarter;
  const chart = rows.map((q) => ({ name: q.quarter, income: chartUsdt(q.income), reward: chartUsdt(q.reward) }));
  return (
    <ChartCard title={t("earnings.quarterlyEarnings")} id="quarterly-earnings">
      {rows.length === 0 ? (
        <Empty />
      ) : (
        <>
          <ChartFrame label={t("earnings.chartLabel", { title: t("earnings.quarterlyEarnings") })}>
            <BarChart data={chart} accessibilityLayer={false} margin={{ top: 8, right: 8, left: -8, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="name" tickLine={false} />
              <YAxis tickFormatter={shortTick} width={48} />
              <Tooltip />
              <Legend />
              <Bar
                dataKey="income"
                stackId="q"
                name={t("earnings.income")}
                fill={CHART_COLOURS.income}
                isAnimationActive={false}
              />
              <Bar
                dataKey="reward"
                stackId="q"
                name={t("earnings.reward")}
                fill={CHART_COLOURS.reward}
                isAnimationActive={false}
              />
            </BarChart>
          </ChartFrame>
          <table className="earnings-table" data-testid="earnings-table">
            <caption className="sr-only">{t("earnings.quarterlyEarnings")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("earnings.quarter")}</th>
                <th scope="col">{t("earnings.income")}</th>
                <th scope="col">{t("earnings.reward")}</th>
                <th scope="col">{t("earnings.earned")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((q) => (
                <tr key={q.quarter}>
                  <th scope="row">{q.quarter}</th>
                  <td>{amountUsdt(q.income)}</td>
                  <td>{amountUsdt(q.reward)}</td>
                  <td>{amountUsdt(q.earned)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </ChartCard>
  );
}
