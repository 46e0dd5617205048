import { useTranslation } from "react-i18next";
import { amountUsdt, chartUsdt } from "@/lib/money-format";
import type { Earnings } from "../api/get-earnings";
import { CHART_COLOURS, EarningsBarChart } from "./chart-frame";
import { EarningsTable } from "./earnings-table";
import { ChartCard } from "./earnings-view";

/** Income by quarter: product income and team rewards stacked per quarter. */
export function QuarterlyEarnings({ data }: { data: Earnings }) {
  const { t } = useTranslation();
  const rows = data.byQuarter;
  const chart = rows.map((q) => ({ name: q.quarter, income: chartUsdt(q.income), reward: chartUsdt(q.reward) }));
  return (
    <ChartCard title={t("earnings.quarterlyEarnings")} id="quarterly-earnings" empty={rows.length === 0}>
      <EarningsBarChart
        label={t("earnings.chartLabel", { title: t("earnings.quarterlyEarnings") })}
        data={chart}
        series={[
          { key: "income", name: t("earnings.income"), colour: CHART_COLOURS.income, stack: "q" },
          { key: "reward", name: t("earnings.reward"), colour: CHART_COLOURS.reward, stack: "q" },
        ]}
      />
      <EarningsTable
        caption={t("earnings.quarterlyEarnings")}
        columns={[t("earnings.quarter"), t("earnings.income"), t("earnings.reward"), t("earnings.earned")]}
        rows={rows.map((q) => ({
          key: q.quarter,
          head: q.quarter,
          cells: [amountUsdt(q.income), amountUsdt(q.reward), amountUsdt(q.earned)],
        }))}
      />
    </ChartCard>
  );
}
