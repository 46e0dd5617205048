import { useTranslation } from "react-i18next";
import { HeaderBar } from "@/components/layout/header-bar";
import { EarningsView } from "@/features/earnings/components/earnings-view";
import { IncomeInvestment } from "@/features/earnings/components/income-investment";

export default function IncomeInvestmentRoute() {
  const { t } = useTranslation();
  return (
    <>
      <HeaderBar title={t("earnings.incomeInvestment")} />
      <main className="page">
        <EarningsView>{(data) => <IncomeInvestment data={data} />}</EarningsView>
      </main>
    </>
  );
}
