import { z } from "zod";
import { BANK_BRANCH_MAX, BANK_NAME_MAX } from "../account-limits";
import { cardNumberProblem, normaliseCardNumber } from "../luhn";
import { plainTextProblem } from "../plain-text";
import { decisionFields } from "./applications";
import { realNameField } from "./identity";

/* Bank accounts: `user/bankApply`, `user/bank/info` and the operator's queue. */

const text = (field: string, max: number) =>
  z
    .string()
    .max(max * 2, `${field} must be at most ${max} characters`)
    .transform((v) => v.trim())
    .superRefine((v, ctx) => {
      const problem = plainTextProblem(v, field, max);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });

/** POST user/bankApply: the holder must be the user's verified real name. */
export const bankApplyBody = z.strictObject({
  bankName: text("bankName", BANK_NAME_MAX),
  branch: text("branch", BANK_BRANCH_MAX),
  holder: realNameField,
  cardNumber: z
    .string()
    .max(40, "cardNumber must be 12 to 19 digits")
    .transform(normaliseCardNumber)
    .superRefine((v, ctx) => {
      const problem = cardNumberProblem(v);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
});
export type BankApplyInput = z.input<typeof bankApplyBody>;

/** What the user sees of their application: the card number masked. */
export const bankApplication = z.object({
  id: z.number().int(),
  bankName: z.string(),
  branch: z.string(),
  holder: z.string(),
  cardNumber: z.string(),
  ...decisionFields,
});
export type BankApplication = z.infer<typeof bankApplication>;

/** POST user/bank/info: the latest application, or null. */
export const bankInfoBody = z.strictObject({});
export const bankInfoReply = bankApplication.nullable();

/** What the operator sees: the whole card number, and whose application it is. */
export const adminBankApplication = bankApplication.extend({ userId: z.number().int(), address: z.string() });
