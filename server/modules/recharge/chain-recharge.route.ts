import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { rechargeIntentBody, rechargeIntentReply } from "../../../domain/api/assets";
import { replies } from "../../../domain/api/envelope";
import { ok } from "../../lib/envelope";
import { authenticate } from "../auth/authenticate.plugin";
import { registerRechargeIntent } from "./recharge.service";

/** POST /base/api/asset/chain/recharge: `{reference, amount}` → `{id, reference, amount, status, expiresAt}`. */
export default async function chainRechargeRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/asset/chain/recharge",
      { schema: { body: rechargeIntentBody, response: replies(rechargeIntentReply) }, onRequest: authenticate },
      async (request) => {
        const input = request.body;
        const result = await registerRechargeIntent(app.db.kysely, {
          userId: BigInt(request.user.id),
          reference: input.reference,
          amount: BigInt(input.amount),
          now: Date.now(),
          ttlMs: app.config.rechargeIntentTtlMs,
        });
        return ok({ ...result, amount: result.amount.toString() });
      },
    );
}
