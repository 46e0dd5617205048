import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { approvalItem, approvalsQuery } from "../../../domain/api/approvals";
import { replies } from "../../../domain/api/envelope";
import { pageOf } from "../../../domain/api/page";
import { ok } from "../../lib/envelope";
import { offsetOf } from "../../lib/page-params";
import { requireOperator } from "../operators/require-operator";
import { listApprovals } from "./approval.repository";
import { toApprovalItem } from "./approval.service";

/** GET /base/api/admin/approvals `?status&kind&page&limit` (treasurer): requests, newest first. */
export default async function listApprovalsRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/admin/approvals",
    {
      onRequest: requireOperator("treasurer"),
      schema: { querystring: approvalsQuery, response: replies(pageOf(approvalItem)) },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await listApprovals(app.db.kysely, q, offsetOf(q), q.limit);
      return ok({ list: rows.map(toApprovalItem), total, page: q.page, limit: q.limit });
    },
  );
}
