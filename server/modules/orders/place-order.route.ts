import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { DEBT_REFUSAL, debtBlocksSpending } from "../../../domain/debt";
import { replies } from "../../../domain/api/envelope";
import { orderDto, placeOrderBody } from "../../../domain/api/order";
import { ok } from "../../lib/envelope";
import { conflict } from "../../lib/errors";
import { authenticate } from "../auth/authenticate.plugin";
import { placeOrderOn } from "./place-order.service";

/** POST /base/api/home/order `{productId, payType}`: buys one product with the chosen balance. */
export default async function placeOrderRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/home/order",
      { onRequest: authenticate, schema: { body: placeOrderBody, response: replies(orderDto) } },
      async (request) => {
        const input = request.body;
        // The debit refuses too (changeBalance); this answers before the order takes stock.
        if (debtBlocksSpending(BigInt(request.user.debt_usdt))) throw conflict(DEBT_REFUSAL);
        return ok(
          await placeOrderOn(app.db, BigInt(request.user.id), {
            productId: BigInt(input.productId),
            payType: input.payType,
          }),
        );
      },
    );
}
