import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ok } from "../../lib/envelope";
import { emptyBody, idParam } from "../../lib/page-params";
import { requireAdmin } from "../../plugins/admin";
import { retryWithdrawal } from "./admin-withdrawals.service";

/**
 * POST /base/api/admin/withdraw/retry/{id} (operator): a failed (refunded) withdrawal becomes a
 * new Pending withdrawal of the same amount and address, debited again → `{id, retryOf, status,
 * amount, address, withdrawUsdt}`.
 */
export default async function adminRetryWithdrawalRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/admin/withdraw/retry/:id",
      { onRequest: requireAdmin, schema: { params: idParam, body: emptyBody } },
      async (request) => {
        const { id } = request.params;
        return ok(await retryWithdrawal(app.db.kysely, id, Date.now()));
      },
    );
}
