import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { HeaderBar } from "@/components/layout/header-bar";
import { paths } from "@/config/paths";
import { AlloyDetail } from "@/features/alloy/components/alloy-detail";
import { positiveId } from "./search-id";

export default function AlloyDetailRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <>
      <HeaderBar title={t("alloy.detailTitle")} backUrl={paths.alloy} />
      <main className="page">
        <AlloyDetail material={positiveId(params.get("material"))} />
      </main>
    </>
  );
}
