import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LineIcon } from "@/components/ui/line-icon";
import { paths } from "@/config/paths";
import { useLatestNotices } from "../api/get-latest-notices";
import { noticeHref } from "./notice-href";
import "./notices.css";

const ROTATE_MS = 4000;

function usePrefersReducedMotion(): boolean {
  // The web server's first screen (src/boot/first-screen.tsx) renders this without a window.
  const [reduced] = useState(
    () => typeof window !== "undefined" && (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false),
  );
  return reduced;
}

/** The home page's notice line: the latest notices in turn, each a link; "more" opens the list. */
export function NoticeTicker() {
  const { t } = useTranslation();
  const { data, isError } = useLatestNotices();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const reduced = usePrefersReducedMotion();
  const notices = data?.list ?? [];
  const count = notices.length;

  useEffect(() => {
    if (count < 2 || paused || reduced) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), ROTATE_MS);
    return () => clearInterval(timer);
  }, [count, paused, reduced]);

  const current = notices[index % Math.max(count, 1)];
  return (
    <section
      className="ticker"
      aria-label={t("notices.latest")}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      data-testid="notice-ticker"
    >
      <LineIcon path="M4 10v4h3l5 4V6L7 10zM16 8.5a4.5 4.5 0 0 1 0 7M18.5 6a8 8 0 0 1 0 12" className="ticker__icon" />
      <div className="ticker__text">
        {current ? (
          <Link key={current.id} to={noticeHref(current.id)} className="ticker__link" data-testid="ticker-link">
            {current.title}
          </Link>
        ) : (
          <span className="muted">{isError ? t("notices.loadFailed") : data ? t("common.empty") : t("common.loading")}</span>
        )}
      </div>
      <Link to={paths.notice} className="ticker__more">
        {t("notices.more")}
      </Link>
    </section>
  );
}
