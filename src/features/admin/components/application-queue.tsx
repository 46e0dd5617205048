import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { StatusBadge } from "@/components/ui/status-badge";
import { formatDate } from "@/lib/format-date";
import { type ApplicationStatus, type ItemOf, type Queue, useApplications } from "../api/get-applications";
import { useListState } from "../hooks/use-list-state";
import { ConsoleList } from "./console-list";
import { ReviewActions } from "./review-actions";
import { SelectField } from "./select-field";

const STATUSES: readonly ApplicationStatus[] = ["pending", "approved", "rejected"];

/** A reviewer's queue (identity or bank): pending first by default, each application with its decision. */
export function ApplicationQueue<Q extends Queue>({
  queue,
  title,
  details,
}: {
  queue: Q;
  title: string;
  details: (item: ItemOf<Q>) => ReactNode;
}) {
  const { t } = useTranslation();
  const list = useListState<{ status: ApplicationStatus | "" }>({ status: "pending" });
  const query = useApplications(queue, { page: list.page, status: list.filters.status });
  return (
    <ConsoleList
      id={`${queue}-queue`}
      title={title}
      query={query}
      onPage={list.setPage}
      tools={
        <SelectField
          label={t("console.filter.status")}
          value={list.filters.status}
          anyLabel={t("console.filter.any")}
          options={STATUSES.map((s) => ({ value: s, label: t(`application.${s}`) }))}
          onChange={(v) => list.setFilter("status", v)}
          testId={`${queue}-status-filter`}
        />
      }
      renderItem={(item) => (
        <li key={item.id} className="console-item" data-testid={`${queue}-item-${item.id}`} data-address={item.address}>
          <div className="console-item__head">
            <strong>#{item.id}</strong>
            <StatusBadge tone={item.status}>{t(`application.${item.status}`)}</StatusBadge>
            <span className="muted">{formatDate(item.createdAt, true)}</span>
          </div>
          {details(item)}
          {item.status === "rejected" && item.reason ? (
            <p className="alert">{t("application.reason", { reason: item.reason })}</p>
          ) : null}
          {item.status === "pending" ? <ReviewActions queue={queue} id={item.id} /> : null}
        </li>
      )}
    />
  );
}
