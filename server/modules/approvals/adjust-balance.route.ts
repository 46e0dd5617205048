import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { approvalItem, balanceAdjustBody } from "../../../domain/api/approvals";
import { replies } from "../../../domain/api/envelope";
import { ok } from "../../lib/envelope";
import { notFound } from "../../lib/errors";
import { auditOf } from "../operators/audit";
import { requireOperator } from "../operators/require-operator";
import { findUserById } from "../user/admin-users.repository";
import { requestApproval } from "./approval.service";

/**
 * POST /base/api/admin/balance/adjust `{userId, currency, delta, reason}` (treasurer): files the
 * adjustment for a second treasurer's approval and answers the pending request; no balance
 * changes until it is approved.
 */
export default async function adjustBalanceRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/admin/balance/adjust",
      { onRequest: requireOperator("treasurer"), schema: { body: balanceAdjustBody, response: replies(approvalItem) } },
      async (request) => {
        const input = request.body;
        const db = app.db.kysely;
        if (!(await findUserById(db, BigInt(input.userId)))) throw notFound("users.notFound");
        const approval = await requestApproval(
          db,
          { kind: "balance.adjust", target: `user:${input.userId}`, payload: input, requestedBy: request.operator.name },
          auditOf(request),
        );
        return ok(approval);
      },
    );
}
