import { useTranslation } from "react-i18next";
import { HeaderBar } from "@/components/layout/header-bar";
import { paths } from "@/config/paths";
import { TeamScreen } from "@/features/team/components/team-screen";

export default function TeamRoute() {
  const { t } = useTranslation();
  return (
    <>
      <HeaderBar title={t("team.pageTitle")} backUrl={paths.my} />
      <main className="page">
        <TeamScreen />
      </main>
    </>
  );
}
