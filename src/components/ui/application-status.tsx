import { useTranslation } from "react-i18next";
import { formatDate } from "@/lib/format-date";
import { StatusBadge } from "./status-badge";

/** The status of an identity or bank application: pending, approved, or rejected with the reason. */
export function ApplicationStatus({
  status,
  reason,
  createdAt,
}: {
  status: "pending" | "approved" | "rejected";
  reason: string | null;
  createdAt: number;
}) {
  const { t } = useTranslation();
  return (
    <div className="form-stack" data-testid="application-status" data-status={status}>
      <p className="status-line">
        {t("application.status")}: <StatusBadge tone={status}>{t(`application.${status}`)}</StatusBadge>
      </p>
      <p className="muted" style={{ margin: 0 }}>
        {t("application.submittedAt", { time: formatDate(createdAt, true) })}
      </p>
      {status === "rejected" && reason ? (
        <p className="alert" data-testid="application-reason">
          {t("application.reason", { reason })}
        </p>
      ) : null}
      {status === "pending" ? (
        <p className="muted" style={{ margin: 0 }}>
          {t("application.pendingNote")}
        </p>
      ) : null}
    </div>
  );
}
