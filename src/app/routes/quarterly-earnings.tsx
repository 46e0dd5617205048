import { useTranslation } from "react-i18next";
import { HeaderBar } from "@/components/layout/header-bar";
import { EarningsView } from "@/features/earnings/components/earnings-view";
import { QuarterlyEarnings } from "@/features/earnings/components/quarterly-earnings";

export default function QuarterlyEarningsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <HeaderBar title={t("earnings.quarterlyEarnings")} />
      <main className="page">
        <EarningsView>{(data) => <QuarterlyEarnings data={data} />}</EarningsView>
      </main>
    </>
  );
}
