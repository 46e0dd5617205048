import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { paths } from "@/config/paths";
import { hasInAppHistory } from "@/lib/in-app-history";
import "./header-bar.css";

export interface HeaderBarProps {
  title: string;
  /** Text beside the back arrow; it then names the button. */
  leftText?: string;
  /** Where the back arrow goes (specification §2: configurable, default home). */
  backUrl?: string;
  /**
   * Back to the page the visitor came from when that page is in the app, else to `backUrl`: for
   * pages opened from more than one place (the protocol pages, from the zone tab or home).
   */
  backToPrevious?: boolean;
  /** Tab pages have nowhere to go back to. */
  showBack?: boolean;
  /** Optional content at the right end. */
  end?: ReactNode;
}

export function HeaderBar({
  title,
  leftText,
  backUrl = paths.home,
  backToPrevious = false,
  showBack = true,
  end,
}: HeaderBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const back = () => void (backToPrevious && hasInAppHistory() ? navigate(-1) : navigate(backUrl));
  return (
    <header className="header-bar">
      {showBack ? (
        <button
          type="button"
          className="header-bar__back"
          aria-label={leftText ? undefined : t("common.back")}
          onClick={back}
          data-testid="header-back"
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              d="M15.5 4.5 8 12l7.5 7.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          {leftText ? <span>{leftText}</span> : null}
        </button>
      ) : (
        <span />
      )}
      <h1 className="header-bar__title">{title}</h1>
      <div className="header-bar__end">{end}</div>
    </header>
  );
}
