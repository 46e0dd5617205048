import { useTranslation } from "react-i18next";
import { amountUsdt, chartUsdt } from "@/lib/money-format";
import type { Earnings } from "../api/get-earnings";
import { CHART_COLOURS, EarningsBarChart } from "./chart-frame";
import { EarningsTable } from "./earnings-table";
import { ChartCard } from "./earnings-view";

/** Income from the team: rewards by level (chart) and by member (table). */
export function PlayerEarnings({ data }: { data: Earnings }) {
  const { t } = useTranslation();
  const { byLevel, byMember } = data.team;
  const chart = byLevel.map((l) => ({ name: t("earnings.level", { n: l.level }), reward: chartUsdt(l.reward) }));
  return (
    <ChartCard title={t("earnings.playerEarnings")} id="player-earnings" empty={byLevel.length === 0}>
      <EarningsBarChart
        label={t("earnings.chartLabel", { title: t("earnings.playerEarnings") })}
        data={chart}
        series={[{ key: "reward", name: t("earnings.reward"), colour: CHART_COLOURS.reward }]}
      />
      <EarningsTable
        caption={t("earnings.byMember")}
        columns={[t("earnings.member"), t("earnings.levelHeader"), t("earnings.reward")]}
        rows={byMember.map((m) => ({
          key: `${m.address}-${m.level}`,
          head: (
            <>
              {m.nickname ?? m.address}
              {m.nickname ? <span className="muted earnings-table__sub">{m.address}</span> : null}
            </>
          ),
          cells: [t("earnings.level", { n: m.level }), amountUsdt(m.reward)],
        }))}
      />
    </ChartCard>
  );
}
