import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { replies } from "../../../domain/api/envelope";
import { pageOf } from "../../../domain/api/page";
import { adminProduct } from "../../../domain/api/product";
import { ok } from "../../lib/envelope";
import { offsetOf, pageBody } from "../../lib/page-params";
import { requireOperator } from "../operators/require-operator";
import { countAllProducts, listAllProducts } from "./product.repository";
import { toAdminProduct } from "./product.service";

/** POST /base/api/admin/product/list (editor): every product, on sale or not, newest first. */
export default async function adminListProductsRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/admin/product/list",
      { onRequest: requireOperator("editor"), schema: { body: pageBody, response: replies(pageOf(adminProduct)) } },
      async (request) => {
        const q = request.body;
        const db = app.db.kysely;
        const [rows, total] = await Promise.all([listAllProducts(db, offsetOf(q), q.limit), countAllProducts(db)]);
        return ok({ list: rows.map(toAdminProduct), total, page: q.page, limit: q.limit });
      },
    );
}
