import { useTranslation } from "react-i18next";
import { Empty } from "@/components/ui/empty";
import { amountUsdt, chartUsdt } from "@/lib/money-format";
import type { Earnings } from "../api/get-earnings";
import { CHART_COLOURS, EarningsBarChart } from "./chart-frame";
import { ChartCard } from "./earnings-view";

/** Income from the team: rewards by level (chart) and by member (table). */
export function PlayerEarnings({ data }: { data: Earnings }) {
  const { t } = useTranslation();
  const { byLevel, byMember } = data.team;
  const chart = byLevel.map((l) => ({ name: t("earnings.level", { n: l.level }), reward: chartUsdt(l.reward) }));
  return (
    <ChartCard title={t("earnings.playerEarnings")} id="player-earnings">
      {byLevel.length === 0 ? (
        <Empty />
      ) : (
        <>
          <EarningsBarChart
            label={t("earnings.chartLabel", { title: t("earnings.playerEarnings") })}
            data={chart}
            series={[{ key: "reward", name: t("earnings.reward"), colour: CHART_COLOURS.reward }]}
          />
          <table className="earnings-table" data-testid="earnings-table">
            <caption className="sr-only">{t("earnings.byMember")}</caption>
            <thead>
              <tr>
                <th scope="col">{t("earnings.member")}</th>
                <th scope="col">{t("earnings.levelHeader")}</th>
                <th scope="col">{t("earnings.reward")}</th>
              </tr>
            </thead>
            <tbody>
              {byMember.map((m) => (
                <tr key={`${m.address}-${m.level}`}>
                  <th scope="row">
                    {m.nickname ?? m.address}
                    {m.nickname ? <span className="muted earnings-table__sub">{m.address}</span> : null}
                  </th>
                  <td>{t("earnings.level", { n: m.level })}</td>
                  <td>{amountUsdt(m.reward)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </ChartCard>
  );
}
