import { isEmail, normaliseEmail } from "@domain/email";
import { useTranslation } from "react-i18next";
import { TextField } from "@/components/ui/text-field";
import { type CodePurpose, useSendEmailCode } from "@/hooks/use-send-email-code";
import { toast } from "@/lib/toast";

interface EmailCodeFieldsProps {
  purpose: CodePurpose;
  email: string;
  code: string;
  onEmail: (value: string) => void;
  onCode: (value: string) => void;
  errors: { email?: string; code?: string };
  onEmailError: (message: string | undefined) => void;
}

/** Email with a "send code" button (and its countdown), then the 6-digit code. */
export function EmailCodeFields({ purpose, email, code, onEmail, onCode, errors, onEmailError }: EmailCodeFieldsProps) {
  const { t } = useTranslation();
  const { send, isPending, secondsLeft } = useSendEmailCode(purpose);
  const sendCode = async () => {
    const normalised = normaliseEmail(email);
    if (!isEmail(normalised)) {
      onEmailError(t("form.emailInvalid"));
      return;
    }
    onEmailError(undefined);
    try {
      await send(normalised);
      toast.success(t("form.codeSent"));
    } catch {
      // The API client has shown why.
    }
  };
  return (
    <>
      <TextField
        label={t("form.email")}
        placeholder={t("form.emailPlaceholder")}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => onEmail(e.target.value)}
        error={errors.email}
        data-testid="email"
      />
      <TextField
        label={t("form.code")}
        placeholder={t("form.codePlaceholder")}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={code}
        onChange={(e) => onCode(e.target.value.replace(/\D/g, ""))}
        error={errors.code}
        data-testid="email-code"
        addon={
          <button
            type="button"
            className="btn btn--secondary"
            disabled={isPending || secondsLeft > 0}
            onClick={() => void sendCode()}
            data-testid="send-code"
          >
            {secondsLeft > 0 ? t("form.resendIn", { seconds: secondsLeft }) : t("form.sendCode")}
          </button>
        }
      />
    </>
  );
}
