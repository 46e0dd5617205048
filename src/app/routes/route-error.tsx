import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "react-i18next";

/** Last resort for a page that failed to load or render; the next navigation tries again. */
export function RouteError({ error, reset }: { error: Error; reset: () => void }) {
  const { t } = useTranslation();
  const { key } = useLocation();
  const shownOn = useRef(key);
  useEffect(() => console.error(error), [error]);
  useEffect(() => {
    if (key !== shownOn.current) reset();
  }, [key, reset]);
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
