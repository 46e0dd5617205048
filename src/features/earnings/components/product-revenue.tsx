import { useTranslation } from "react-i18next";
import { amountUsdt, chartUsdt } from "@/lib/money-format";
import type { Earnings } from "../api/get-earnings";
import { CHART_COLOURS, EarningsBarChart } from "./chart-frame";
import { EarningsTable } from "./earnings-table";
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
    <ChartCard title={t("earnings.productRevenue")} id="product-revenue" empty={rows.length === 0}>
      <EarningsBarChart
        label={t("earnings.chartLabel", { title: t("earnings.productRevenue") })}
        data={chart}
        series={[
          { key: "invested", name: t("earnings.invested"), colour: CHART_COLOURS.invested },
          { key: "income", name: t("earnings.income"), colour: CHART_COLOURS.income },
        ]}
      />
      <EarningsTable
        caption={t("earnings.productRevenue")}
        columns={[t("earnings.product"), t("earnings.orders"), t("earnings.invested"), t("earnings.income")]}
        rows={rows.map((r, i) => ({
          key: String(r.productId),
          head: (
            <>
              <span className="muted">#{i + 1}</span> {r.title}
            </>
          ),
          cells: [
            <>
              {r.orders}
              {r.runningOrders > 0 ? (
                <span className="muted earnings-table__sub">{t("earnings.running", { n: r.runningOrders })}</span>
              ) : null}
            </>,
            amountUsdt(r.invested),
            amountUsdt(r.income),
          ],
        }))}
      />
    </ChartCard>
  );
}
