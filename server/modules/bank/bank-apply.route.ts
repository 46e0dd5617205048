import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { bankApplication, bankApplyBody } from "../../../domain/api/bank";
import { replies } from "../../../domain/api/envelope";
import { ok } from "../../lib/envelope";
import { authenticate } from "../auth/authenticate.plugin";
import { applyForBank } from "./bank.service";

/**
 * POST /base/api/user/bankApply `{bankName, branch, holder, cardNumber}` (signed in): a pending
 * bank account application; answers it with the card number masked.
 */
export default async function bankApplyRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/user/bankApply",
      { onRequest: authenticate, schema: { body: bankApplyBody, response: replies(bankApplication) } },
      async (request) => ok(await applyForBank(app.db.kysely, request.user, request.body)),
    );
}
