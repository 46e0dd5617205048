import { useTranslation } from "react-i18next";
import { Empty } from "@/components/ui/empty";
import { amountUsdt, chartUsdt } from "@/lib/money-format";
import type { Earnings } from "../api/get-earnings";
import { CHART_COLOURS, EarningsBarChart } from "./chart-frame";
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
          <EarningsBarChart
            label={t("earnings.chartLabel", { title: t("earnings.quarterlyEarnings") })}
            data={chart}
            series={[
              { key: "income", name: t("earnings.income"), colour: CHART_COLOURS.income, stack: "q" },
              { key: "reward", name: t("earnings.reward"), colour: CHART_COLOURS.reward, stack: "q" },
            ]}
          />
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
