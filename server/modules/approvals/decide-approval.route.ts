import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { approvalItem } from "../../../domain/api/approvals";
import { replies } from "../../../domain/api/envelope";
import { emptyBody, idParam } from "../../../domain/api/page";
import { ok } from "../../lib/envelope";
import { auditOf } from "../operators/audit";
import { requireOperator } from "../operators/require-operator";
import { approve, reject } from "./approval.service";

/**
 * POST /base/api/admin/approvals/{id}/approve and /reject (treasurer for money, admin for role changes):
 * decides a pending request. Approving carries it out in the same transaction; the requester
 * cannot approve their own.
 */
export default async function decideApprovalRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const options = {
    onRequest: requireOperator("treasurer", "admin"),
    schema: { params: idParam, body: emptyBody, response: replies(approvalItem) },
  };
  typed.post("/admin/approvals/:id/approve", options, async (request) =>
    ok(await approve(app.db.kysely, request.params.id, request.operator, auditOf(request), app.config)),
  );
  typed.post("/admin/approvals/:id/reject", options, async (request) =>
    ok(await reject(app.db.kysely, request.params.id, request.operator, auditOf(request))),
  );
}
