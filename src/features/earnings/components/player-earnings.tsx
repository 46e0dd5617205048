import { useTranslation } from "react-i18next";
import { Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import { Empty } from "@/components/ui/empty";
import { amountUsdt, chartUsdt } from "@/lib/money-format";
import type { Earnings } from "../api/get-earnings";
import { CHART_COLOURS, ChartFrame, shortTick } from "./chart-frame";
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
          <ChartFrame label={t("earnings.chartLabel", { title: t("earnings.playerEarnings") })}>
            <BarChart data={chart} accessibilityLayer={false} margin={{ top: 8, right: 8, left: -8, bottom: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="name" tickLine={false} />
              <YAxis tickFormatter={shortTick} width={48} />
              <Tooltip />
              <Bar dataKey="reward" name={t("earnings.reward")} fill={CHART_COLOURS.reward} isAnimationActive={false} />
            </BarChart>
          </ChartFrame>
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
