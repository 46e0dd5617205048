import { useTranslation } from "react-i18next";
import { HeaderBar } from "@/components/layout/header-bar";
import { AlloyList } from "@/features/alloy/components/alloy-list";

export default function AlloyRoute() {
  const { t } = useTranslation();
  return (
    <>
      <HeaderBar title={t("alloy.title")} showBack={false} />
      <main className="page">
        <AlloyList />
      </main>
    </>
  );
}
