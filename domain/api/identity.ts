import { z } from "zod";
import { REAL_NAME_MAX } from "../account-limits";
import { idNumberProblem, normaliseIdNumber } from "../id-number";
import { REAL_NAME_PATTERN } from "../plain-text";
import { decisionFields } from "./applications";
import { uploadLocationField } from "./upload-location";

/* Identity verification: `user/authApply`, `user/auth/info` and the operator's queue. */

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

/** POST user/authApply. */
export const identityApplyBody = z.strictObject({
  realName: realNameField,
  idNumber: idNumberField,
  frontImage: uploadLocationField("frontImage"),
  backImage: uploadLocationField("backImage"),
});
export type IdentityApplyInput = z.input<typeof identityApplyBody>;

/** What the user sees of their application: the ID number masked, the two images' locations. */
export const identityApplication = z.object({
  id: z.number().int(),
  realName: z.string(),
  idNumber: z.string(),
  frontImage: z.string(),
  backImage: z.string(),
  ...decisionFields,
});
export type IdentityApplication = z.infer<typeof identityApplication>;

/** POST user/auth/info: the latest application, or null. */
export const identityInfoBody = z.strictObject({});
export const identityInfoReply = identityApplication.nullable();

/** What the operator sees: the whole ID number, and whose application it is. */
export const adminIdentityApplication = identityApplication.extend({ userId: z.number().int(), address: z.string() });
