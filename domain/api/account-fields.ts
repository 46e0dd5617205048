import { z } from "zod";
import { EMAIL_MAX_LENGTH, isEmail, normaliseEmail } from "../email";
import { fundPasswordProblem } from "../password";
import { isPhone } from "../phone";
import { CODE_PATTERN, CODE_PURPOSES } from "../verification-code";

/** Request fields shared by the account calls; each refusal names the field and the rule. */
export const emailField = z
  .string()
  .max(EMAIL_MAX_LENGTH, `email must be at most ${EMAIL_MAX_LENGTH} characters`)
  .transform(normaliseEmail)
  .refine(isEmail, "email is not a valid email address");

export const phoneField = z.string().refine(isPhone, "phone must be 11 digits: 1, then 3 to 9, then 9 digits");

export const codeField = z.string().regex(CODE_PATTERN, "code must be 6 digits");

export const purposeField = z.enum(CODE_PURPOSES, { error: `purpose must be one of: ${CODE_PURPOSES.join(", ")}` });

export const fundPasswordField = z.string().superRefine((value, ctx) => {
  const problem = fundPasswordProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/** home/send/email and home/sending/{phone}: when the code expires and when another may be asked for, seconds. */
export const codeSentReply = z.object({ expiresIn: z.number(), resendIn: z.number() });
export type CodeSent = z.infer<typeof codeSentReply>;

/** POST home/forget: a new fund password with a code mailed to the account's email. */
export const forgetFundPasswordBody = z.strictObject({ email: emailField, code: codeField, fundPassword: fundPasswordField });
export type ForgetFundPasswordInput = z.input<typeof forgetFundPasswordBody>;

/** POST home/send/email: a code for `register` or `forget`. */
export const sendEmailCodeBody = z.strictObject({ email: emailField, purpose: purposeField });
export type SendEmailCodeInput = z.input<typeof sendEmailCodeBody>;

/** GET home/sending/{param}: the phone number to text a code to. */
export const sendSmsCodeParams = z.strictObject({ param: phoneField });
