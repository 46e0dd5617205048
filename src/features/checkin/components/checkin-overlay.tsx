import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { markCheckinShown, shouldShowCheckin } from "../utils/checkin-day";
import "./checkin-overlay.css";

/** Specification §2, §9: the sign-in reward is 100 points, display only (no call). */
export const CHECKIN_POINTS = 100;

/**
 * Sign-in reward overlay (恭喜获得，签到成功 with 100 points), shown to a signed-in user once
 * a day (UTC+8) on the home page.
 */
export function CheckinOverlay({ address }: { address: string | null }) {
  const { t } = useTranslation();
  const titleId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(() => (address ? shouldShowCheckin(address) : false));

  useEffect(() => {
    if (!address || !open) return;
    markCheckinShown(address);
    button.current?.focus();
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [address, open]);

  if (!open) return null;
  return (
    <div className="checkin" data-testid="checkin-overlay">
      <div className="checkin__backdrop" aria-hidden="true" onClick={() => setOpen(false)} />
      <div className="checkin__card" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <svg className="checkin__art" viewBox="0 0 96 96" aria-hidden="true" focusable="false">
          <circle cx="48" cy="48" r="44" fill="#fff4d6" />
          <circle cx="48" cy="48" r="30" fill="#e8b422" />
          <circle cx="48" cy="48" r="23" fill="none" stroke="#fff" strokeWidth="3" opacity="0.7" />
          <path d="M37 48l8 8 15-16" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <h2 id={titleId} className="checkin__title">
          {t("checkin.title")}
        </h2>
        <p className="checkin__points" data-testid="checkin-points">
          {t("checkin.points", { points: CHECKIN_POINTS })}
        </p>
        <button
          ref={button}
          type="button"
          className="btn btn--primary btn--block"
          onClick={() => setOpen(false)}
          data-testid="checkin-close"
        >
          {t("checkin.ok")}
        </button>
      </div>
    </div>
  );
}
