import { z } from "zod";
import { REJECT_REASON_MAX } from "../account-limits";
import { plainTextProblem } from "../plain-text";
import { pageFields } from "./page";

/** Where an identity or bank application stands, and the operator's decision once made. */
export const decisionFields = {
  status: z.enum(["pending", "approved", "rejected"]),
  reason: z.string().nullable(),
  createdAt: z.number().int(),
  reviewedAt: z.number().int().nullable(),
};

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

/** POST admin/{auth,bank}/list: a page of applications, optionally of one status. */
export const applicationListBody = z.strictObject({ ...pageFields, status: decisionFields.status.optional() });
