import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { DEBT_REFUSAL, debtBlocksSpending } from "../../../domain/debt";
import { ok } from "../../lib/envelope";
import { conflict } from "../../lib/errors";
import { requireUser } from "../../plugins/authenticate";
import { placeOrder } from "./place-order.service";

const body = z.strictObject({
  productId: z
    .union([
      z.number(),
      z
        .string()
        .regex(/^[1-9]\d{0,15}$/, "productId must be a positive whole number")
        .transform(Number),
    ])
    .pipe(
      z
        .number()
        .int("productId must be a positive whole number")
        .min(1, "productId must be a positive whole number")
        .max(Number.MAX_SAFE_INTEGER),
    ),
  payType: z
    .union([
      z.number(),
      z
        .string()
        .regex(/^[12]$/, "payType must be 1 (CNY) or 2 (USDT)")
        .transform(Number),
    ])
    .pipe(z.union([z.literal(1), z.literal(2)], { error: "payType must be 1 (CNY) or 2 (USDT)" })),
});

/** POST /base/api/home/order `{productId, payType}`: buys one product with the chosen balance. */
export default async function placeOrderRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post("/home/order", { onRequest: requireUser, schema: { body } }, async (request) => {
    const input = request.body;
    // The debit refuses too (changeBalance); this answers before the order takes stock.
    if (debtBlocksSpending(BigInt(request.user.debt_usdt))) throw conflict(DEBT_REFUSAL);
    return ok(
      await placeOrder(app.db.kysely, BigInt(request.user.id), { productId: BigInt(input.productId), payType: input.payType }),
    );
  });
}
