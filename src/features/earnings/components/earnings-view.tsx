import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "@/components/ui/card";
import { Empty } from "@/components/ui/empty";
import { LoadError } from "@/components/ui/load-error";
import { PageSpinner } from "@/components/ui/spinner";
import { amountUsdt } from "@/lib/money-format";
import { type Earnings, useEarnings } from "../api/get-earnings";
import { EarningsNav } from "./earnings-nav";
import "./earnings.css";

/**
 * The frame of the four earnings pages: the view switch, the totals, then the page's chart and
 * table once the aggregate has loaded (loading and error states included).
 */
export function EarningsView({ children }: { children: (data: Earnings) => ReactNode }) {
  const { t } = useTranslation();
  const query = useEarnings();
  return (
    <>
      <EarningsNav />
      {query.isPending ? (
        <PageSpinner />
      ) : query.isError ? (
        <LoadError onRetry={() => void query.refetch()} busy={query.isFetching} />
      ) : (
        <>
          <section className="earnings-totals" aria-label={t("earnings.totals")}>
            <dl>
              <div>
                <dt>{t("earnings.invested")}</dt>
                <dd data-testid="total-invested">{amountUsdt(query.data.totals.invested)}</dd>
              </div>
              <div>
                <dt>{t("earnings.earned")}</dt>
                <dd data-testid="total-earned">{amountUsdt(query.data.totals.earned)}</dd>
              </div>
              <div>
                <dt>{t("earnings.income")}</dt>
                <dd>{amountUsdt(query.data.totals.income)}</dd>
              </div>
              <div>
                <dt>{t("earnings.reward")}</dt>
                <dd>{amountUsdt(query.data.totals.reward)}</dd>
              </div>
            </dl>
            <p className="earnings-totals__unit">{t("earnings.unit")}</p>
          </section>
          {children(query.data)}
        </>
      )}
    </>
  );
}

/** A chart with its title; the table below it carries the exact figures. */
export function ChartCard({ title, id, empty, children }: { title: string; id: string; empty: boolean; children: ReactNode }) {
  return (
    <Card id={id} title={title}>
      {empty ? <Empty /> : children}
    </Card>
  );
}
