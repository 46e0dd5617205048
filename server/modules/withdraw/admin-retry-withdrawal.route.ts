import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { retryWithdrawalReply } from "../../../domain/api/assets";
import { replies } from "../../../domain/api/envelope";
import { ok } from "../../lib/envelope";
import { emptyBody, idParam } from "../../lib/page-params";
import { auditOf } from "../operators/audit";
import { requireOperator } from "../operators/require-operator";
import { retryWithdrawal } from "./admin-withdrawals.service";

/**
 * POST /base/api/admin/withdraw/retry/{id} (treasurer): a failed (refunded) withdrawal becomes a
 * new Pending withdrawal of the same amount and address, debited again → `{id, retryOf, status,
 * amount, address, withdrawUsdt}`.
 */
export default async function adminRetryWithdrawalRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/admin/withdraw/retry/:id",
      {
        onRequest: requireOperator("treasurer"),
        schema: { params: idParam, body: emptyBody, response: replies(retryWithdrawalReply) },
      },
      async (request) => {
        const { id } = request.params;
        const retry = await retryWithdrawal(app.db.kysely, id, auditOf(request), Date.now());
        return ok({ ...retry, amount: retry.amount.toString(), withdrawUsdt: retry.withdrawUsdt.toString() });
      },
    );
}
