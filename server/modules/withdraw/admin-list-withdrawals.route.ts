import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { adminWithdrawal, adminWithdrawalsBody } from "../../../domain/api/assets";
import { replies } from "../../../domain/api/envelope";
import { pageOf } from "../../../domain/api/page";
import { ok } from "../../lib/envelope";
import { requireOperator } from "../operators/require-operator";
import { listWithdrawals } from "./admin-withdrawals.service";

/** POST /base/api/admin/withdraw/list `{status?, page?, limit?}` (treasurer): withdrawals of all users with their payout attempts. */
export default async function adminListWithdrawalsRoute(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/admin/withdraw/list",
    {
      onRequest: requireOperator("treasurer"),
      schema: { body: adminWithdrawalsBody, response: replies(pageOf(adminWithdrawal)) },
    },
    async (request) => ok(await listWithdrawals(app.db.kysely, request.body, app.config.explorerTxUrl)),
  );
}
