import { useTranslation } from "react-i18next";
import { BottomSheet } from "@/components/ui/bottom-sheet";
import "./registration-prompt.css";

/** The prompt of registration-prompt.tsx: why, and the way to registration. */
export default function RegistrationSheet({ onClose, onRegister }: { onClose: () => void; onRegister: () => void }) {
  const { t } = useTranslation();
  return (
    <BottomSheet open title={t("register.prompt.title")} onClose={onClose} testId="registration-prompt">
      <p className="registration-prompt__body">{t("register.prompt.body")}</p>
      <div className="registration-prompt__actions">
        <button type="button" className="btn btn--primary btn--block" onClick={onRegister} data-testid="registration-prompt-go">
          {t("register.prompt.go")}
        </button>
        <button type="button" className="btn btn--secondary btn--block" onClick={onClose} data-testid="registration-prompt-later">
          {t("register.prompt.later")}
        </button>
      </div>
    </BottomSheet>
  );
}
