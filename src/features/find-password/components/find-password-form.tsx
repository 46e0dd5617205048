import { isEmail, normaliseEmail } from "@domain/email";
import { fundPasswordProblem } from "@domain/password";
import { isVerificationCode } from "@domain/verification-code";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmailCodeFields } from "@/components/email-code-fields";
import { TextField } from "@/components/ui/text-field";
import { toast } from "@/lib/toast";
import { useResetFundPassword } from "../api/reset-fund-password";

type Field = "email" | "code" | "password" | "repeat";

/** /pages/find-pwd/find-pwd: email, send code (with a countdown), code, new fund password. */
export function FindPasswordForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [email, setEmail] = useState("");
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const mutation = useResetFundPassword();

  const submit = async () => {
    const mail = normaliseEmail(email);
    const next: Partial<Record<Field, string>> = {};
    if (!isEmail(mail)) next.email = t("form.emailInvalid");
    if (!isVerificationCode(code)) next.code = t("form.codeInvalid");
    if (fundPasswordProblem(password)) next.password = t("form.fundPasswordRule");
    else if (password !== repeat) next.repeat = t("form.passwordMismatch");
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    try {
      await mutation.mutateAsync({ email: mail, code, fundPassword: password });
    } catch {
      return;
    }
    toast.success(t("findPwd.success"));
    onDone();
  };

  return (
    <form
      className="card form-stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <p className="muted" style={{ margin: 0 }}>
        {t("findPwd.intro")}
      </p>
      <EmailCodeFields
        purpose="forget"
        email={email}
        code={code}
        onEmail={setEmail}
        onCode={setCode}
        errors={{ email: errors.email, code: errors.code }}
        onEmailError={(message) => setErrors((e) => ({ ...e, email: message }))}
      />
      <TextField
        label={t("findPwd.newPassword")}
        placeholder={t("form.fundPasswordPlaceholder")}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={errors.password}
        hint={t("form.fundPasswordRule")}
        data-testid="find-password"
      />
      <TextField
        label={t("form.repeatPassword")}
        type="password"
        autoComplete="new-password"
        value={repeat}
        onChange={(e) => setRepeat(e.target.value)}
        error={errors.repeat}
        data-testid="find-repeat"
      />
      <button type="submit" className="btn btn--primary btn--block" disabled={mutation.isPending} data-testid="find-submit">
        {t("findPwd.submit")}
      </button>
    </form>
  );
}
