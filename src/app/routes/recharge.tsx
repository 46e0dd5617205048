import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { HeaderBar } from "@/components/layout/header-bar";
import { paths } from "@/config/paths";
import { RechargeScreen } from "@/features/recharge/components/recharge-screen";
import { useUserInfo } from "@/features/user/api/get-user-info";

/** /pages/assets/recharge?payId=BSC */
export default function RechargeRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { data: info } = useUserInfo();
  return (
    <>
      <HeaderBar title={t("recharge.pageTitle")} backUrl={paths.assets} />
      <main className="page">
        <RechargeScreen payId={params.get("payId")} info={info} />
      </main>
    </>
  );
}
