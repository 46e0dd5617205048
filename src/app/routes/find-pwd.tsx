import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { HeaderBar } from "@/components/layout/header-bar";
import { paths } from "@/config/paths";
import { FindPasswordForm } from "@/features/find-password/components/find-password-form";

export default function FindPwdRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <HeaderBar title={t("findPwd.pageTitle")} backUrl={paths.my} />
      <main className="page">
        <FindPasswordForm onDone={() => void navigate(paths.my, { replace: true })} />
      </main>
    </>
  );
}
