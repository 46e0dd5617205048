import { formatUsdt, thousands } from "@domain/money";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "@/components/ui/card";
import { LoadState } from "@/components/ui/load-state";
import { PagedListCard } from "@/components/ui/paged-list-card";
import { StatusBadge } from "@/components/ui/status-badge";
import { formatDate } from "@/lib/format-date";
import { useInviteRecords } from "../api/get-invite-records";
import { useTeamInfo } from "../api/get-team-info";
import { useTeamMembers } from "../api/get-team-members";

function TeamSummary() {
  const { t } = useTranslation();
  const info = useTeamInfo();
  return (
    <Card id="team-summary-title" title={t("team.summary")}>
      <LoadState isPending={info.isPending} isError={info.isError} onRetry={() => void info.refetch()} />
      {info.data ? (
        <dl className="balances__list" style={{ margin: 0, display: "grid", gap: 8 }}>
          {(
            [
              ["team.directCount", String(info.data.directCount), "team-direct"],
              ["team.teamSize", String(info.data.teamSize), "team-size"],
              ["team.performance", `${thousands(formatUsdt(info.data.teamPerformance))} USDT`, "team-performance"],
            ] as const
          ).map(([key, value, testId]) => (
            <div key={key} style={{ display: "flex", justifyContent: "space-between", gap: 12 }}>
              <dt className="muted">{t(key)}</dt>
              <dd style={{ margin: 0, fontWeight: 700 }} data-testid={testId}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </Card>
  );
}

function Members() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  return (
    <PagedListCard
      id="team-members"
      title={t("team.members")}
      query={useTeamMembers(page)}
      onPage={setPage}
      testId="team-members"
      renderItem={(m, i) => (
        <li key={`${m.address}-${i}`} className="list__item">
          <div>
            <strong>{m.nickname ?? m.address}</strong>
            <div className="muted">
              {t("team.level", { level: m.level })} · {formatDate(m.registeredAt)}
            </div>
          </div>
          <span>{thousands(formatUsdt(m.performance))} USDT</span>
        </li>
      )}
    />
  );
}

function Invites() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  return (
    <PagedListCard
      id="team-invites"
      title={t("team.invites")}
      query={useInviteRecords(page)}
      onPage={setPage}
      testId="invite-records"
      renderItem={(r, i) => (
        <li key={`${r.address}-${i}`} className="list__item" data-testid="invite-record">
          <div>
            <strong>{r.nickname ?? r.address}</strong>
            <div className="muted">{formatDate(r.registeredAt)}</div>
          </div>
          <StatusBadge tone={r.onChain ? "success" : "pending"} testId="invite-record-chain">
            {r.onChain ? t("team.onChain") : t("team.binding")}
          </StatusBadge>
        </li>
      )}
    />
  );
}

/** /pages/team/team: the team's figures, its members by level and the direct invitations. */
export function TeamScreen() {
  return (
    <>
      <TeamSummary />
      <Members />
      <Invites />
    </>
  );
}
