import { CNY_DECIMALS, USDT_DECIMALS, formatUnits, thousands } from "@domain/money";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { dataKey } from "@/lib/i18n";
import { Card } from "@/components/ui/card";
import { LoadState } from "@/components/ui/load-state";
import { StatusBadge } from "@/components/ui/status-badge";
import { formatDate } from "@/lib/format-date";
import { queryKeys } from "@/lib/query-keys";
import { explorerTxLink } from "@/lib/wallet/explorer";
import { useRechargeRecords } from "../api/get-recharge-records";

/** The latest recharges; a Pending one is polled until the server credits it, then the balances refresh. */
export function RechargeRecords() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const records = useRechargeRecords();
  const pendingIds = useRef<Set<number>>(new Set());

  useEffect(() => {
    const list = records.data?.list ?? [];
    const settled = list.some((r) => r.status !== "Pending" && pendingIds.current.has(r.id));
    pendingIds.current = new Set(list.filter((r) => r.status === "Pending").map((r) => r.id));
    if (settled) void queryClient.invalidateQueries({ queryKey: queryKeys.userInfo });
  }, [records.data, queryClient]);

  const list = records.data?.list;
  return (
    <Card id="recharge-records-title" title={t("recharge.records")}>
      <LoadState
        isPending={records.isPending}
        isError={records.isError && !list}
        isEmpty={list?.length === 0}
        onRetry={() => void records.refetch()}
      />
      {list && list.length > 0 ? (
        <ul className="list" data-testid="recharge-records">
          {list.map((r) => {
            const href = r.explorerUrl ?? explorerTxLink(r.txHash);
            return (
              <li key={r.id} className="list__item" data-testid="recharge-record" data-status={r.status} data-ref={r.ref ?? ""}>
                <div className="form-stack" style={{ gap: 2 }}>
                  <strong>
                    {thousands(formatUnits(r.amount, r.currency === "CNY" ? CNY_DECIMALS : USDT_DECIMALS, 2))} {r.currency}
                  </strong>
                  <span className="muted">{formatDate(r.time, true)}</span>
                  {r.ref ? <span className="muted">{t("recharge.reference", { reference: r.ref })}</span> : null}
                  {r.confirmations ? (
                    <span className="muted" data-testid="recharge-record-confirmations">
                      {t("assets.confirmations", { seen: r.confirmations.count, required: r.confirmations.required })}
                    </span>
                  ) : null}
                  {href ? (
                    <a href={href} target="_blank" rel="noreferrer">
                      {t("tx.viewOnExplorer")}
                    </a>
                  ) : null}
                </div>
                <StatusBadge tone={r.status.toLowerCase()} testId="recharge-record-status">
                  {t(dataKey(`assets.status.${r.status.toLowerCase()}`))}
                </StatusBadge>
              </li>
            );
          })}
        </ul>
      ) : null}
    </Card>
  );
}
