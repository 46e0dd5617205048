import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope";
import { requireAdmin } from "../../plugins/admin";
import { createProductBody } from "./product-input";
import { createProduct } from "./product-admin.service";

/** POST /base/api/admin/product/add (operator): creates a product. */
export default async function adminCreateProductRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post("/admin/product/add", { onRequest: requireAdmin, schema: { body: createProductBody } }, async (request) =>
      ok(await createProduct(app.db.kysely, request.body)),
    );
}
