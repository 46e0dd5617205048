import { fundPasswordProblem } from "@domain/password";
import type { TFunction } from "i18next";

/** The fund password and its repetition, as field errors. */
export function fundPasswordErrors(password: string, repeat: string, t: TFunction): { password?: string; repeat?: string } {
  if (fundPasswordProblem(password)) return { password: t("form.fundPasswordRule") };
  if (password !== repeat) return { repeat: t("form.passwordMismatch") };
  return {};
}
