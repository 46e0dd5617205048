import { useState } from "react";
import { useTranslation } from "react-i18next";
import { StatusBadge } from "@/components/ui/status-badge";
import { formatDate } from "@/lib/format-date";
import { toast } from "@/lib/toast";
import { ConsoleList } from "../../components/console-list";
import { useListState } from "../../hooks/use-list-state";
import { type AdminNotice, useAdminNotices } from "../api/get-admin-notices";
import { useUnpublishNotice } from "../api/unpublish-notice";
import { NoticeForm } from "./notice-form";

/** Notices (editor): write one with a sanitised preview, edit, take back. */
export function NoticesPage() {
  const { t } = useTranslation();
  const list = useListState({});
  const query = useAdminNotices(list.page);
  // The form is keyed by what it edits, so choosing another notice starts from its values.
  const [editing, setEditing] = useState<AdminNotice | null>(null);
  return (
    <>
      <NoticeForm key={editing?.id ?? "new"} notice={editing} onDone={() => setEditing(null)} />
      <ConsoleList
        id="notices"
        title={t("console.notices.title")}
        query={query}
        onPage={list.setPage}
        renderItem={(notice) => (
          <NoticeItem key={notice.id} notice={notice} now={query.dataUpdatedAt} onEdit={() => setEditing(notice)} />
        )}
      />
    </>
  );
}

/** `now` is when the list was read: a notice due after it is scheduled. */
function NoticeItem({ notice, now, onEdit }: { notice: AdminNotice; now: number; onEdit: () => void }) {
  const { t } = useTranslation();
  const unpublish = useUnpublishNotice();
  const state = notice.unpublishedAt !== null ? "unpublished" : notice.publishedAt > now ? "scheduled" : "published";
  return (
    <li className="console-item" data-testid={`notice-${notice.id}`} data-state={state}>
      <div className="console-item__head">
        <strong>{notice.title}</strong>
        <StatusBadge tone={state === "unpublished" ? "rejected" : state === "scheduled" ? "pending" : "approved"}>
          {t(`console.notices.state.${state}`)}
        </StatusBadge>
        <span className="muted">{formatDate(notice.publishedAt, true)}</span>
      </div>
      <p className="muted console-note">{notice.summary}</p>
      <div className="console-actions">
        <button
          type="button"
          className="btn btn--secondary"
          onClick={onEdit}
          aria-label={t("console.notices.editLabel", { title: notice.title })}
        >
          {t("console.edit")}
        </button>
        {state !== "unpublished" ? (
          <button
            type="button"
            className="btn btn--danger"
            disabled={unpublish.isPending}
            aria-label={t("console.notices.unpublishLabel", { title: notice.title })}
            onClick={() => unpublish.mutate(notice.id, { onSuccess: () => toast.success(t("console.notices.unpublished")) })}
          >
            {t("console.notices.unpublish")}
          </button>
        ) : null}
      </div>
    </li>
  );
}
