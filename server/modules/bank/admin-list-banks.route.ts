import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ok } from "../../lib/envelope";
import { offsetOf, pageFields } from "../../lib/page-params";
import { requireAdmin } from "../../plugins/admin";
import { listApplications } from "../applications/application.repository";
import { toAdminBankView } from "./bank.service";

const body = z.strictObject({ ...pageFields, status: z.enum(["pending", "approved", "rejected"]).optional() });

/** POST /base/api/admin/bank/list `{status?, page?, limit?}` (operator): bank account applications, newest first. */
export default async function adminListBanksRoute(app: FastifyInstance) {
  app.post("/admin/bank/list", { onRequest: requireAdmin, schema: { body } }, async (request) => {
    const q = request.body as z.infer<typeof body>;
    const { rows, total } = await listApplications(app.db.kysely, "bank_applications", q.status, offsetOf(q), q.limit);
    return ok({ list: rows.map(toAdminBankView), total, page: q.page, limit: q.limit });
  });
}
