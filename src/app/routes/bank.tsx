import { useTranslation } from "react-i18next";
import { HeaderBar } from "@/components/layout/header-bar";
import { paths } from "@/config/paths";
import { BankScreen } from "@/features/bank/components/bank-screen";

export default function BankRoute() {
  const { t } = useTranslation();
  return (
    <>
      <HeaderBar title={t("bank.pageTitle")} backUrl={paths.my} />
      <main className="page">
        <BankScreen />
      </main>
    </>
  );
}
