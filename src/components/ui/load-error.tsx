import { useTranslation } from "react-i18next";
import "./load-error.css";

/** A list or page whose data could not be loaded: says so and offers a retry. */
export function LoadError({ onRetry, busy = false, text }: { onRetry: () => void; busy?: boolean; text?: string }) {
  const { t } = useTranslation();
  return (
    <div className="load-error" role="alert" data-testid="load-error">
      <p className="alert">{text ?? t("common.loadFailed")}</p>
      <button type="button" className="btn btn--secondary" onClick={onRetry} disabled={busy}>
        {t("common.retry")}
      </button>
    </div>
  );
}
