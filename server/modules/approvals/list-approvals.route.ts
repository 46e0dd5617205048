import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { approvalItem, approvalsQuery } from "../../../domain/api/approvals";
import { replies } from "../../../domain/api/envelope";
import { pageOf } from "../../../domain/api/page";
import { ok } from "../../lib/envelope";
import { offsetOf } from "../../lib/page-params";
import { requireOperator } from "../operators/require-operator";
import { approvalsFor } from "./approval.service";

/**
 * GET /base/api/admin/approvals `?status&kind&page&limit` (treasurer or admin): requests, newest
 * first, of the kinds the caller decides (a treasurer the money, an admin the role changes).
 */
export default async function listApprovalsRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/admin/approvals",
    {
      onRequest: requireOperator("treasurer", "admin"),
      schema: { querystring: approvalsQuery, response: replies(pageOf(approvalItem)) },
    },
    async (request) => {
      const q = request.query;
      const { list, total } = await approvalsFor(app.db.kysely, request.operator, q, offsetOf(q), q.limit);
      return ok({ list, total, page: q.page, limit: q.limit });
    },
  );
}
