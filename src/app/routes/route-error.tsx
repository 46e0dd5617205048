import { useTranslation } from "react-i18next";
import { useRouteError } from "react-router";

/** Last resort for a page that failed to load or render. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <main className="page" role="alert">
      <h1>{t("error.title")}</h1>
      <p className="muted">{t("error.body")}</p>
      <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
        {t("error.reload")}
      </button>
    </main>
  );
}
