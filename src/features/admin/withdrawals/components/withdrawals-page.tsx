import { useTranslation } from "react-i18next";
import { StatusBadge } from "@/components/ui/status-badge";
import { formatDate } from "@/lib/format-date";
import { toast } from "@/lib/toast";
import { ConsoleList } from "../../components/console-list";
import { Facts } from "../../components/facts";
import { SelectField } from "../../components/select-field";
import { useListState } from "../../hooks/use-list-state";
import { exactAmount } from "../../utils/money";
import { type AdminWithdrawal, type WithdrawalStatus, useWithdrawals } from "../api/get-withdrawals";
import { useRetryWithdrawal } from "../api/retry-withdrawal";

const STATUSES: readonly WithdrawalStatus[] = ["Pending", "Failed", "Success"];

/** Withdrawals (treasurer): pending ones, failed ones with the reason, and a retry of a failed one. */
export function WithdrawalsPage() {
  const { t } = useTranslation();
  const list = useListState<{ status: WithdrawalStatus | "" }>({ status: "" });
  const query = useWithdrawals(list.page, list.filters.status);
  return (
    <ConsoleList
      id="withdrawals"
      title={t("console.area.withdrawals")}
      query={query}
      onPage={list.setPage}
      tools={
        <SelectField
          label={t("console.filter.status")}
          value={list.filters.status}
          anyLabel={t("console.filter.any")}
          options={STATUSES.map((s) => ({ value: s, label: t(`console.withdrawals.status.${s}`) }))}
          onChange={(v) => list.setFilter("status", v)}
          testId="withdrawals-status-filter"
        />
      }
      renderItem={(w) => <WithdrawalItem key={w.id} withdrawal={w} />}
    />
  );
}

function WithdrawalItem({ withdrawal: w }: { withdrawal: AdminWithdrawal }) {
  const { t } = useTranslation();
  const retry = useRetryWithdrawal();
  const amount = w.amount.startsWith("-") ? w.amount.slice(1) : w.amount;
  const onRetry = () =>
    retry.mutate(w.id, {
      onSuccess: (outcome) =>
        toast.success(
          t(outcome.status === "AwaitingApproval" ? "console.withdrawals.retryAwaits" : "console.withdrawals.retried"),
        ),
    });
  return (
    <li className="console-item" data-testid={`withdrawal-${w.id}`} data-status={w.status}>
      <div className="console-item__head">
        <strong>
          #{w.id} · {exactAmount("USDT", amount)} USDT
        </strong>
        <StatusBadge tone={w.status.toLowerCase()}>{t(`console.withdrawals.status.${w.status}`)}</StatusBadge>
        <span className="muted">{formatDate(w.time, true)}</span>
      </div>
      {w.status === "Failed" && w.note ? (
        <p className="alert" data-testid={`withdrawal-${w.id}-reason`}>
          {t("console.withdrawals.reason", { reason: w.note })}
        </p>
      ) : null}
      <Facts
        items={[
          [t("console.field.wallet"), w.userAddress ? <span className="mono">{w.userAddress}</span> : null],
          [t("console.field.userId"), w.userId],
          [t("console.withdrawals.address"), w.address ? <span className="mono">{w.address}</span> : null],
          [t("console.withdrawals.state"), w.state],
          [t("console.withdrawals.attempts"), w.attempts],
          [t("console.withdrawals.tx"), w.txHash ? <TxHash hash={w.txHash} url={w.explorerUrl} /> : null],
          [t("console.withdrawals.retriedAs"), w.retriedAs === null ? null : `#${w.retriedAs}`],
          [t("console.withdrawals.note"), w.status === "Failed" ? null : w.note],
        ]}
      />
      {w.status === "Failed" && w.retriedAs === null ? (
        <div className="console-actions">
          <button
            type="button"
            className="btn btn--primary"
            disabled={retry.isPending}
            onClick={onRetry}
            data-testid={`withdrawal-${w.id}-retry`}
          >
            {t("console.withdrawals.retry")}
          </button>
        </div>
      ) : null}
    </li>
  );
}

function TxHash({ hash, url }: { hash: string; url: string | null }) {
  return url ? (
    <a className="tx-hash" href={url} target="_blank" rel="noreferrer">
      {hash}
    </a>
  ) : (
    <span className="tx-hash">{hash}</span>
  );
}
