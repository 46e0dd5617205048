import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { Empty } from "@/components/ui/empty";
import { LoadError } from "@/components/ui/load-error";
import { PageSpinner } from "@/components/ui/spinner";
import { StatusBadge } from "@/components/ui/status-badge";
import { formatChainTime } from "@/lib/protocol/time";
import { formatToken } from "@/lib/protocol/token-amount";
import { useGameRecords } from "../hooks/use-player-events";
import { TxHash } from "./tx-hash";

export interface PendingRecord {
  type: "recharge" | "withdrawal";
  amount: bigint;
}

/** Records of one type (recharge or withdrawal): the one on its way (Pending), then those on chain (Success). */
export function GameRecords({
  account,
  type,
  pending,
  symbol,
  decimals,
}: {
  account: Address;
  type: "recharge" | "withdrawal";
  pending: PendingRecord | null;
  symbol: string;
  decimals: number;
}) {
  const { t } = useTranslation();
  const records = useGameRecords(account);
  const rows = (records.data ?? []).filter((r) => r.type === type);
  return (
    <section className="lottery-records" aria-labelledby={`lottery-records-${type}`}>
      <h3 id={`lottery-records-${type}`} className="lottery-detail__title">
        {t("lottery.records.title")}
      </h3>
      {records.isError && !records.data ? (
        <LoadError onRetry={() => void records.refetch()} busy={records.isFetching} />
      ) : !records.data ? (
        <PageSpinner />
      ) : rows.length === 0 && !pending ? (
        <Empty />
      ) : (
        <ul className="protocol-list" data-testid={`lottery-records-${type}`}>
          {pending ? (
            <li data-testid="lottery-record" data-status="pending">
              <RecordHead type={type} status="pending" />
              <p className="lottery-record__amount">{`${formatToken(pending.amount, decimals, 2)} ${symbol}`}</p>
            </li>
          ) : null}
          {rows.map((r) => (
            <li key={`${r.hash}-${r.type}`} data-testid="lottery-record" data-status="success">
              <RecordHead type={type} status="success" />
              <p className="lottery-record__amount">{`${formatToken(r.amount, decimals, 2)} ${symbol}`}</p>
              <p className="muted lottery-record__meta">
                {formatChainTime(r.time)} · <TxHash hash={r.hash} />
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RecordHead({ type, status }: { type: "recharge" | "withdrawal"; status: "pending" | "success" }) {
  const { t } = useTranslation();
  return (
    <div className="lottery-history__head">
      <strong>{t(`lottery.records.${type}`)}</strong>
      <StatusBadge tone={status} testId="lottery-record-status">
        {t(`lottery.status.${status}`)}
      </StatusBadge>
    </div>
  );
}
