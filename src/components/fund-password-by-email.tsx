import { isEmail, normaliseEmail } from "@domain/email";
import { fundPasswordProblem } from "@domain/password";
import { isVerificationCode } from "@domain/verification-code";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EmailCodeFields } from "@/components/email-code-fields";
import { TextField } from "@/components/ui/text-field";
import type { CodePurpose } from "@/hooks/use-send-email-code";

/**
 * Registration and find-password both prove an email with a mailed code and set a new fund
 * password, typed twice; the server takes the same three fields for both.
 */
export interface FundPasswordByEmail {
  email: string;
  code: string;
  fundPassword: string;
}

type Field = "email" | "code" | "password" | "repeat";
type Values = Record<Field, string>;

export function useFundPasswordByEmail() {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>({ email: "", code: "", password: "", repeat: "" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));

  /** Shows every field error at once; answers the normalised fields when there is none. */
  const check = (): FundPasswordByEmail | null => {
    const email = normaliseEmail(values.email);
    const next: Partial<Record<Field, string>> = {};
    if (!isEmail(email)) next.email = t("form.emailInvalid");
    if (!isVerificationCode(values.code)) next.code = t("form.codeInvalid");
    if (fundPasswordProblem(values.password)) next.password = t("form.fundPasswordRule");
    else if (values.password !== values.repeat) next.repeat = t("form.passwordMismatch");
    setErrors(next);
    return Object.keys(next).length > 0 ? null : { email, code: values.code, fundPassword: values.password };
  };

  return { values, set, errors, setErrors, check };
}

interface FundPasswordByEmailFieldsProps {
  form: ReturnType<typeof useFundPasswordByEmail>;
  purpose: CodePurpose;
  passwordLabel: string;
  /** Test ids `<testId>-password` and `<testId>-repeat`. */
  testId: string;
}

/** Email with its send-code button, the code, then the new fund password and its repetition. */
export function FundPasswordByEmailFields({ form, purpose, passwordLabel, testId }: FundPasswordByEmailFieldsProps) {
  const { t } = useTranslation();
  const { values, set, errors, setErrors } = form;
  return (
    <>
      <EmailCodeFields
        purpose={purpose}
        email={values.email}
        code={values.code}
        onEmail={set("email")}
        onCode={set("code")}
        errors={{ email: errors.email, code: errors.code }}
        onEmailError={(message) => setErrors((e) => ({ ...e, email: message }))}
      />
      <TextField
        label={passwordLabel}
        placeholder={t("form.fundPasswordPlaceholder")}
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={(e) => set("password")(e.target.value)}
        error={errors.password}
        hint={t("form.fundPasswordRule")}
        data-testid={`${testId}-password`}
      />
      <TextField
        label={t("form.repeatPassword")}
        type="password"
        autoComplete="new-password"
        value={values.repeat}
        onChange={(e) => set("repeat")(e.target.value)}
        error={errors.repeat}
        data-testid={`${testId}-repeat`}
      />
    </>
  );
}
