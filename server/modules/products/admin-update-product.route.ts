import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { replies } from "../../../domain/api/envelope";
import { adminProduct, updateProductBody } from "../../../domain/api/product";
import { ok } from "../../lib/envelope";
import { idParam } from "../../lib/page-params";
import { auditOf } from "../operators/audit";
import { requireOperator } from "../operators/require-operator";
import { editProduct } from "./product-admin.service";

/** POST /base/api/admin/product/update/{id} (editor): changes the named fields of a product (audited). */
export default async function adminUpdateProductRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/admin/product/update/:id",
    {
      onRequest: requireOperator("editor"),
      schema: { params: idParam, body: updateProductBody, response: replies(adminProduct) },
    },
    async (request) => {
      const { id } = request.params;
      return ok(await editProduct(app.db.kysely, id, request.body, auditOf(request)));
    },
  );
}
