import { isEmail, normaliseEmail } from "@domain/email";
import { isWellFormedInvitationCode, normaliseInvitationCode } from "@domain/invitation";
import { isVerificationCode } from "@domain/verification-code";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmailCodeFields } from "@/components/email-code-fields";
import { TextField } from "@/components/ui/text-field";
import { getSpread } from "@/lib/session";
import { toast } from "@/lib/toast";
import { useRegister } from "../api/register";
import { fundPasswordErrors } from "../utils/fund-password-errors";

type Field = "invitationCode" | "email" | "code" | "password" | "repeat";

/**
 * Registration of a newly signed-in address: invitation code (pre-filled from the spread key of
 * an invitation link), email with its code, and the fund password (twice).
 */
export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const { t } = useTranslation();
  const [invitationCode, setInvitationCode] = useState(() => getSpread() ?? "");
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const mutation = useRegister();

  const submit = async () => {
    const invite = normaliseInvitationCode(invitationCode);
    const mail = normaliseEmail(email);
    const next: Partial<Record<Field, string>> = { ...fundPasswordErrors(password, repeat, t) };
    if (invite && !isWellFormedInvitationCode(invite)) next.invitationCode = t("register.invitationInvalid");
    if (!isEmail(mail)) next.email = t("form.emailInvalid");
    if (!isVerificationCode(code)) next.code = t("form.codeInvalid");
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      await mutation.mutateAsync({ ...(invite ? { invitationCode: invite } : {}), email: mail, code, fundPassword: password });
    } catch {
      return; // shown by the API client
    }
    toast.success(t("register.success"));
    onRegistered();
  };

  return (
    <form
      className="form-stack"
      noValidate
      aria-labelledby="register-title"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid="register-form"
    >
      <h2 id="register-title" className="card__title">
        {t("register.title")}
      </h2>
      <p className="muted" style={{ margin: 0 }}>
        {t("register.intro")}
      </p>
      <TextField
        label={t("register.invitationCode")}
        placeholder={t("register.invitationPlaceholder")}
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={16}
        value={invitationCode}
        onChange={(e) => setInvitationCode(e.target.value)}
        error={errors.invitationCode}
        data-testid="register-invitation"
      />
      <EmailCodeFields
        purpose="register"
        email={email}
        code={code}
        onEmail={setEmail}
        onCode={setCode}
        errors={{ email: errors.email, code: errors.code }}
        onEmailError={(message) => setErrors((e) => ({ ...e, email: message }))}
      />
      <TextField
        label={t("form.fundPassword")}
        placeholder={t("form.fundPasswordPlaceholder")}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        hint={t("form.fundPasswordRule")}
        data-testid="register-password"
      />
      <TextField
        label={t("form.repeatPassword")}
        type="password"
        autoComplete="new-password"
        value={repeat}
        onChange={(e) => setRepeat(e.target.value)}
        error={errors.repeat}
        data-testid="register-repeat"
      />
      <button type="submit" className="btn btn--primary btn--block" disabled={mutation.isPending} data-testid="register-submit">
        {t("register.submit")}
      </button>
    </form>
  );
}
