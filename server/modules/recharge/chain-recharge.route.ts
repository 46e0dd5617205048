import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { isRechargeReference } from "../../../domain/random-reference";
import { MINOR_AMOUNT_PATTERN } from "../../../domain/usdt-amount";
import { rechargeIntentReply } from "../../../domain/api/assets";
import { replies } from "../../../domain/api/envelope";
import { ok } from "../../lib/envelope";
import { requireUser } from "../../plugins/authenticate";
import { registerRechargeIntent } from "./recharge.service";

const body = z.strictObject({
  /** The 13-digit random the wallet passes to the game contract's `recharge`. */
  reference: z.string().refine(isRechargeReference, "reference must be exactly 13 digits"),
  /** micro-USDT the user is about to send, a positive integer as a decimal string. */
  amount: z.string().regex(MINOR_AMOUNT_PATTERN, "amount must be a positive whole number of micro-USDT, as a string"),
});

/** POST /base/api/asset/chain/recharge: `{reference, amount}` → `{id, reference, amount, status, expiresAt}`. */
export default async function chainRechargeRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/asset/chain/recharge",
      { schema: { body, response: replies(rechargeIntentReply) }, onRequest: requireUser },
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
