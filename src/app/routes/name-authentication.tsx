import { useTranslation } from "react-i18next";
import { HeaderBar } from "@/components/layout/header-bar";
import { paths } from "@/config/paths";
import { IdentityScreen } from "@/features/identity/components/identity-screen";
import { useUserInfo } from "@/features/user/api/get-user-info";

export default function NameAuthenticationRoute() {
  const { t } = useTranslation();
  const { data: info } = useUserInfo();
  return (
    <>
      <HeaderBar title={t("identity.pageTitle")} backUrl={paths.my} />
      <main className="page">
        <IdentityScreen user={info?.address ?? ""} />
      </main>
    </>
  );
}
