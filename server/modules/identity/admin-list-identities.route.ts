import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ok } from "../../lib/envelope";
import { offsetOf, pageFields } from "../../lib/page-params";
import { requireAdmin } from "../../plugins/admin";
import { listApplications } from "../applications/application.repository";
import { toAdminIdentityView } from "./identity.service";

const body = z.strictObject({ ...pageFields, status: z.enum(["pending", "approved", "rejected"]).optional() });

/** POST /base/api/admin/auth/list `{status?, page?, limit?}` (operator): identity applications, newest first. */
export default async function adminListIdentitiesRoute(app: FastifyInstance) {
  app.post("/admin/auth/list", { onRequest: requireAdmin, schema: { body } }, async (request) => {
    const q = request.body as z.infer<typeof body>;
    const { rows, total } = await listApplications(app.db.kysely, "identity_applications", q.status, offsetOf(q), q.limit);
    return ok({ list: rows.map(toAdminIdentityView), total, page: q.page, limit: q.limit });
  });
}
