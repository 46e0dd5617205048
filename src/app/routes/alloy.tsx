import { useTranslation } from "react-i18next";
import { HeaderBar } from "@/components/layout/header-bar";
import { ProtocolMenuGrid } from "@/components/protocol/protocol-menu-grid";
import { AlloyList } from "@/features/alloy/components/alloy-list";

/** The zone tab: the alloy materials and the protocol menus. */
export default function AlloyRoute() {
  const { t } = useTranslation();
  return (
    <>
      <HeaderBar title={t("alloy.title")} showBack={false} />
      <main className="page">
        <AlloyList />
        <ProtocolMenuGrid />
      </main>
    </>
  );
}
