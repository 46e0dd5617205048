import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { retryWithdrawalOutcome } from "../../../domain/api/approvals";
import { replies } from "../../../domain/api/envelope";
import { ok } from "../../lib/envelope";
import { emptyBody, idParam } from "../../lib/page-params";
import { requestApproval } from "../approvals/approval.service";
import { auditOf } from "../operators/audit";
import { requireOperator } from "../operators/require-operator";
import { retryableWithdrawal, retryWithdrawal } from "./admin-withdrawals.service";

/**
 * POST /base/api/admin/withdraw/retry/{id} (treasurer): a failed (refunded) withdrawal becomes a
 * new Pending withdrawal of the same amount and address, debited again → `{id, retryOf, status,
 * amount, address, withdrawUsdt}`. Above WITHDRAW_RETRY_APPROVAL_USDT it is filed for a second
 * treasurer instead → `{status: "AwaitingApproval", approval}`; approving it retries then, under
 * the same rules.
 */
export default async function adminRetryWithdrawalRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/admin/withdraw/retry/:id",
    {
      onRequest: requireOperator("treasurer"),
      schema: { params: idParam, body: emptyBody, response: replies(retryWithdrawalOutcome) },
    },
    async (request) => {
      const { id } = request.params;
      const db = app.db.kysely;
      const failed = await retryableWithdrawal(db, id);
      if (failed.amount > app.config.withdrawRetryApprovalMicroUsdt) {
        const payload = {
          withdrawalId: Number(id),
          userId: Number(failed.user_id),
          amount: failed.amount.toString(),
          address: failed.address,
        };
        const approval = await requestApproval(
          db,
          { kind: "withdraw.retry", target: `withdraw:${id}`, payload, requestedBy: request.operator.name },
          auditOf(request),
        );
        return ok({ status: "AwaitingApproval" as const, approval });
      }
      const retry = await retryWithdrawal(db, id, auditOf(request), Date.now());
      return ok({ ...retry, amount: retry.amount.toString(), withdrawUsdt: retry.withdrawUsdt.toString() });
    },
  );
}
