import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { HeaderBar } from "@/components/layout/header-bar";
import { paths } from "@/config/paths";

export default function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <>
      <HeaderBar title={t("notFound.title")} />
      <main className="page">
        <div className="card">
          <p>{t("notFound.body")}</p>
          <Link className="btn btn--primary btn--block" to={paths.home}>
            {t("notFound.home")}
          </Link>
        </div>
      </main>
    </>
  );
}
