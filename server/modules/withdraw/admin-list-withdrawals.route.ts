import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { ok } from "../../lib/envelope";
import { pageFields } from "../../lib/page-params";
import { requireAdmin } from "../../plugins/admin";
import { listWithdrawals } from "./admin-withdrawals.service";

const body = z.strictObject({ ...pageFields, status: z.enum(["Pending", "Success", "Failed"]).optional() });

/** POST /base/api/admin/withdraw/list `{status?, page?, limit?}` (operator): withdrawals of all users with their payout attempts. */
export default async function adminListWithdrawalsRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post("/admin/withdraw/list", { onRequest: requireAdmin, schema: { body } }, async (request) => {
      const q = request.body;
      return ok(await listWithdrawals(app.db.kysely, q, app.config.explorerTxUrl));
    });
}
