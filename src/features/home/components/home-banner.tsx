import { useTranslation } from "react-i18next";
import "./home.css";

/** The home banner: drawn in CSS and SVG, so it costs no image request on a phone network. */
export function HomeBanner() {
  const { t } = useTranslation();
  return (
    <section className="banner" aria-labelledby="banner-title">
      <div className="banner__text">
        <h2 id="banner-title" className="banner__title">
          {t("home.bannerTitle")}
        </h2>
        <p className="banner__body">{t("home.bannerBody")}</p>
      </div>
      <svg className="banner__art" viewBox="0 0 96 72" aria-hidden="true" focusable="false">
        <path d="M8 60 20 30h40l12 30z" fill="#7fd4b0" />
        <path d="M20 30h40l-6 10H26z" fill="#fff" opacity="0.4" />
        <path d="M40 42 50 18h30l10 24z" fill="#e8c46a" />
        <path d="M50 18h30l-5 8H55z" fill="#fff" opacity="0.45" />
      </svg>
    </section>
  );
}
