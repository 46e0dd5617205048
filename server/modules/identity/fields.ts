import { z } from "zod";
import { REAL_NAME_MAX, REJECT_REASON_MAX } from "../../../domain/account-limits";
import { idNumberProblem, normaliseIdNumber } from "../../../domain/id-number";
import { plainTextProblem, REAL_NAME_PATTERN } from "../../../domain/plain-text";

export const realNameField = z
  .string()
  .max(REAL_NAME_MAX * 2, `realName must be at most ${REAL_NAME_MAX} characters`)
  .transform((v) => v.trim().normalize("NFC"))
  .refine(
    (v) => REAL_NAME_PATTERN.test(v),
    `realName must be 2 to ${REAL_NAME_MAX} letters (spaces, · . ' - allowed between them)`,
  );

export const idNumberField = z
  .string()
  .max(32, "idNumber must be 15 or 18 characters")
  .transform(normaliseIdNumber)
  .superRefine((v, ctx) => {
    const problem = idNumberProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** The operator's review: approve, or reject with a reason the user will read. */
export const reviewBody = z.discriminatedUnion(
  "status",
  [
    z.strictObject({ status: z.literal("approved") }),
    z.strictObject({
      status: z.literal("rejected"),
      reason: z
        .string()
        .max(REJECT_REASON_MAX * 2)
        .transform((v) => v.trim())
        .superRefine((v, ctx) => {
          const problem = plainTextProblem(v, "reason", REJECT_REASON_MAX);
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        }),
    }),
  ],
  { error: 'status must be "approved" or "rejected" (with a reason)' },
);
