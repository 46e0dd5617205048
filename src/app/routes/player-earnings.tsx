import { useTranslation } from "react-i18next";
import { HeaderBar } from "@/components/layout/header-bar";
import { EarningsView } from "@/features/earnings/components/earnings-view";
import { PlayerEarnings } from "@/features/earnings/components/player-earnings";

export default function PlayerEarningsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <HeaderBar title={t("earnings.playerEarnings")} />
      <main className="page">
        <EarningsView>{(data) => <PlayerEarnings data={data} />}</EarningsView>
      </main>
    </>
  );
}
