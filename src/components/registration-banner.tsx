import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { paths } from "@/config/paths";
import { setRedirect } from "@/lib/session";
import "./registration-prompt.css";

/**
 * "Complete registration", shown while the signed-in address has not registered (`registered`
 * is the user info's flag; unknown counts as registered). Leads to the form and back here.
 */
export function RegistrationBanner({ registered }: { registered: boolean | undefined }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  if (registered !== false) return null;
  return (
    <section className="card registration-banner" aria-labelledby="registration-banner-title" data-testid="registration-banner">
      <h2 id="registration-banner-title" className="card__title">
        {t("register.banner.title")}
      </h2>
      <p className="registration-banner__text">{t("register.banner.body")}</p>
      <button
        type="button"
        className="btn btn--primary btn--block"
        onClick={() => {
          setRedirect(`${pathname}${search}`);
          void navigate(paths.login);
        }}
        data-testid="registration-banner-go"
      >
        {t("register.banner.go")}
      </button>
    </section>
  );
}
