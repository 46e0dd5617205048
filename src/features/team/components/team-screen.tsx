import { formatUsdt, thousands } from "@domain/money";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadState } from "@/components/ui/load-state";
import { Pager } from "@/components/ui/pager";
import { formatDate } from "@/lib/format-date";
import { useInviteRecords } from "../api/get-invite-records";
import { useTeamInfo } from "../api/get-team-info";
import { useTeamMembers } from "../api/get-team-members";

function TeamSummary() {
  const { t } = useTranslation();
  const info = useTeamInfo();
  return (
    <section className="card" aria-labelledby="team-summary-title">
      <h2 id="team-summary-title" className="card__title">
        {t("team.summary")}
      </h2>
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
    </section>
  );
}

function Members() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const members = useTeamMembers(page);
  const data = members.data;
  return (
    <section className="card" aria-labelledby="team-members-title">
      <h2 id="team-members-title" className="card__title">
        {t("team.members")}
      </h2>
      <LoadState
        isPending={members.isPending}
        isError={members.isError && !data}
        isEmpty={data?.list.length === 0}
        onRetry={() => void members.refetch()}
      />
      {data && data.list.length > 0 ? (
        <>
          <ul className="list" data-testid="team-members">
            {data.list.map((m, i) => (
              <li key={`${m.address}-${i}`} className="list__item">
                <div>
                  <strong>{m.nickname ?? m.address}</strong>
                  <div className="muted">
                    {t("team.level", { level: m.level })} · {formatDate(m.registeredAt)}
                  </div>
                </div>
                <span>{thousands(formatUsdt(m.performance))} USDT</span>
              </li>
            ))}
          </ul>
          <Pager page={data.page} limit={data.limit} total={data.total} onPage={setPage} />
        </>
      ) : null}
    </section>
  );
}

function Invites() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const invites = useInviteRecords(page);
  const data = invites.data;
  return (
    <section className="card" aria-labelledby="team-invites-title">
      <h2 id="team-invites-title" className="card__title">
        {t("team.invites")}
      </h2>
      <LoadState
        isPending={invites.isPending}
        isError={invites.isError && !data}
        isEmpty={data?.list.length === 0}
        onRetry={() => void invites.refetch()}
      />
      {data && data.list.length > 0 ? (
        <>
          <ul className="list" data-testid="invite-records">
            {data.list.map((r, i) => (
              <li key={`${r.address}-${i}`} className="list__item">
                <strong>{r.nickname ?? r.address}</strong>
                <span className="muted">{formatDate(r.registeredAt)}</span>
              </li>
            ))}
          </ul>
          <Pager page={data.page} limit={data.limit} total={data.total} onPage={setPage} />
        </>
      ) : null}
    </section>
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
