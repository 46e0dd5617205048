import { useTranslation } from "react-i18next";
import { Empty } from "@/components/ui/empty";
import { amountUsdt, chartUsdt } from "@/lib/money-format";
import type { Earnings } from "../api/get-earnings";
import { CHART_COLOURS, EarningsBarChart } from "./chart-frame";
import { ChartCard } from "./earnings-view";

/** Income per product: invested against earned for each product bought. */
export function ProductRevenue({ data }: { data: Earnings }) {
  const { t } = useTranslation();
  const rows = data.perProduct;
  const chart = rows.map((r, i) => ({
    name: `#${i + 1}`,
    invested: chartUsdt(r.invested),
    income: chartUsdt(r.income),
  }));
  return (
    <ChartCard title={t("earnings.productRevenue")} id="product-revenue">
      {rows.length === 0 ? (
        <Empty />
      ) : (
        <>
          <EarningsBarChart
            label={t("earnings.chartLabel", { title: t("earnings.productRevenue") })}
            data={chart}
            series={[
              { key: "invested", name: t("earnings.invested"), colour: CHART_COLOURS.invested },
              { key: "income", name: t("earnings.income"), colour: CHART_COLOURS.income },
            ]}
          />
          <table className="earnings-table" data-testid="earnings-table">
            <caption className="sr-only">{t("earnings.productRevenue")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("earnings.product")}</th>
                <th scope="col">{t("earnings.orders")}</th>
                <th scope="col">{t("earnings.invested")}</th>
                <th scope="col">{t("earnings.income")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={r.productId}>
                  <th scope="row">
                    <span className="muted">#{i + 1}</span> {r.title}
                  </th>
                  <td>
                    {r.orders}
                    {r.runningOrders > 0 ? (
                      <span className="muted earnings-table__sub">{t("earnings.running", { n: r.runningOrders })}</span>
                    ) : null}
                  </td>
                  <td>{amountUsdt(r.invested)}</td>
                  <td>{amountUsdt(r.income)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </ChartCard>
  );
}
