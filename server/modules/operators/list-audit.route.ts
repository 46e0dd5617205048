import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { auditEntry, auditQuery } from "../../../domain/api/audit";
import { replies } from "../../../domain/api/envelope";
import { pageOf } from "../../../domain/api/page";
import { ok } from "../../lib/envelope";
import { offsetOf } from "../../lib/page-params";
import { listAudit } from "./audit.repository";
import { requireAnyOperator } from "./require-operator";

/** GET /base/api/admin/audit `?operator&action&target&page&limit` (any operator): what operators did, newest first. */
export default async function listAuditRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/admin/audit",
      { onRequest: requireAnyOperator(), schema: { querystring: auditQuery, response: replies(pageOf(auditEntry)) } },
      async (request) => {
        const q = request.query;
        const { rows, total } = await listAudit(app.db.kysely, q, offsetOf(q), q.limit);
        const list = rows.map((r) => ({
          id: Number(r.id),
          operator: r.operator,
          action: r.action,
          target: r.target,
          beforeJson: r.before_json,
          afterJson: r.after_json,
          clientAddress: r.client_address,
          createdAt: Number(r.created_at),
        }));
        return ok({ list, total, page: q.page, limit: q.limit });
      },
    );
}
