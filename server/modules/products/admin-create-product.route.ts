import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { replies } from "../../../domain/api/envelope";
import { adminProduct, createProductBody } from "../../../domain/api/product";
import { ok } from "../../lib/envelope";
import { auditOf } from "../operators/audit";
import { requireOperator } from "../operators/require-operator";
import { createProduct } from "./product-admin.service";

/** POST /base/api/admin/product/add (editor): creates a product (audited) and answers it as the operator sees it. */
export default async function adminCreateProductRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/admin/product/add",
      { onRequest: requireOperator("editor"), schema: { body: createProductBody, response: replies(adminProduct) } },
      async (request) => ok(await createProduct(app.db.kysely, request.body, auditOf(request))),
    );
}
