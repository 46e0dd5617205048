import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { replies } from "../../../domain/api/envelope";
import { productDetail } from "../../../domain/api/product";
import { ok } from "../../lib/envelope";
import { notFound } from "../../lib/errors";
import { emptyBody, idParam } from "../../lib/page-params";
import { findProductById } from "./product.repository";
import { toProductDetail } from "./product.service";

/**
 * POST /base/api/home/product/{id}: one product with its description (public). A product taken
 * off sale still answers (orders link to it) with `onSale: false`.
 */
export default async function getProductRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/home/product/:id",
      { schema: { params: idParam, body: emptyBody, response: replies(productDetail) } },
      async (request) => {
        const { id } = request.params;
        const row = await findProductById(app.db.kysely, id);
        if (!row) throw notFound("products.notFound");
        return ok(toProductDetail(row));
      },
    );
}
