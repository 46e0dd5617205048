import { recordStatusLabel } from "@domain/asset-record";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { dataKey } from "@/lib/i18n";
import { PagedListCard } from "@/components/ui/paged-list-card";
import { StatusBadge } from "@/components/ui/status-badge";
import { formatDate } from "@/lib/format-date";
import { explorerTxLink } from "@/lib/wallet/explorer";
import { type AssetRecord, useAssetRecords } from "../api/get-asset-records";
import { formatRecordAmount, shortHash } from "../utils/format-record";
import "./assets.css";

function RecordHash({ record }: { record: AssetRecord }) {
  const { t } = useTranslation();
  if (!record.txHash) return null;
  const href = record.explorerUrl ?? explorerTxLink(record.txHash);
  return href ? (
    <a href={href} target="_blank" rel="noreferrer" className="record__hash" data-testid="record-hash">
      {t("assets.viewTx", { hash: shortHash(record.txHash) })}
    </a>
  ) : (
    <span className="record__hash muted" title={record.txHash} data-testid="record-hash">
      {t("assets.txHash", { hash: shortHash(record.txHash) })}
    </span>
  );
}

export function RecordItem({ record }: { record: AssetRecord }) {
  const { t } = useTranslation();
  const status = recordStatusLabel(record.status.toLowerCase());
  return (
    <li className="list__item record" data-testid="asset-record" data-status={status} data-type={record.type}>
      <div className="record__main">
        <span className="record__type">{t(`assets.type.${record.type}`)}</span>
        <span className="record__time muted">{formatDate(record.time, true)}</span>
        <RecordHash record={record} />
        {record.confirmations ? (
          <span className="record__confirmations muted" data-testid="record-confirmations">
            {t("assets.confirmations", { seen: record.confirmations.count, required: record.confirmations.required })}
          </span>
        ) : null}
      </div>
      <div className="record__side">
        <span className="record__amount" data-testid="record-amount">
          {formatRecordAmount(record.amount, record.currency)}
        </span>
        <StatusBadge tone={status.toLowerCase()} testId="record-status">
          {t(dataKey(`assets.status.${status.toLowerCase()}`))}
        </StatusBadge>
      </div>
    </li>
  );
}

/** The paged asset records; pages with a Pending record refresh themselves until it settles. */
export function AssetRecords() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const records = useAssetRecords({ page });
  return (
    <PagedListCard
      id="asset-records"
      title={t("assets.records")}
      query={records}
      onPage={setPage}
      testId="asset-records"
      renderItem={(record) => <RecordItem key={record.id} record={record} />}
    />
  );
}
