import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { BANK_BRANCH_MAX, BANK_NAME_MAX } from "../../../domain/account-limits";
import { cardNumberProblem, normaliseCardNumber } from "../../../domain/luhn";
import { plainTextProblem } from "../../../domain/plain-text";
import { ok } from "../../lib/envelope";
import { requireUser } from "../../plugins/authenticate";
import { realNameField } from "../../../domain/api/identity";
import { applyForBank } from "./bank.service";

const text = (field: string, max: number) =>
  z
    .string()
    .max(max * 2, `${field} must be at most ${max} characters`)
    .transform((v) => v.trim())
    .superRefine((v, ctx) => {
      const problem = plainTextProblem(v, field, max);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });

const body = z.strictObject({
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

/**
 * POST /base/api/user/bankApply `{bankName, branch, holder, cardNumber}` (signed in): a pending
 * bank account application; answers it with the card number masked.
 */
export default async function bankApplyRoute(app: FastifyInstance) {
  app.post("/user/bankApply", { onRequest: requireUser, schema: { body } }, async (request) =>
    ok(await applyForBank(app.db.kysely, request.user, request.body as z.infer<typeof body>)),
  );
}
