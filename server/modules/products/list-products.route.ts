import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { replies } from "../../../domain/api/envelope";
import { pageOf } from "../../../domain/api/page";
import { productSummary } from "../../../domain/api/product";
import { ok } from "../../lib/envelope";
import { offsetOf, pageQuery } from "../../lib/page-params";
import { replyWriter, sendWritten } from "../../lib/zod-serialization";
import { cachedProductList } from "./product-list-cache";
import { countProductsOnSale, listProductsOnSale } from "./product.repository";
import { toProductSummary } from "./product.service";

const listReplies = replies(pageOf(productSummary));
/** The route's own writer: a cached reply is the bytes an uncached one would be. */
const writeList = replyWriter(listReplies[200]);

/** GET /base/api/home/product/list?page&limit: products on sale by sort then id (public). */
export default async function listProductsRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get("/home/product/list", { schema: { querystring: pageQuery, response: listReplies } }, async (request, reply) => {
      const q = request.query;
      const db = app.db.kysely;
      const written = await cachedProductList(db, q.page, q.limit, async () => {
        const [rows, total] = await Promise.all([listProductsOnSale(db, offsetOf(q), q.limit), countProductsOnSale(db)]);
        const page = { list: rows.map(toProductSummary), total, page: q.page, limit: q.limit };
        return Buffer.from(writeList(ok(page)));
      });
      return sendWritten(reply, written);
    });
}
