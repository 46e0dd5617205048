import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { ok } from "../../lib/envelope";
import { idParam } from "../../lib/page-params";
import { requireAdmin } from "../../plugins/admin";
import { reviewBody } from "../../../domain/api/applications";
import { reviewIdentityApplication } from "./identity.service";

/**
 * POST /base/api/admin/auth/review/{id} `{status: "approved"}` or `{status: "rejected", reason}`
 * (operator): decides a pending identity application.
 */
export default async function adminReviewIdentityRoute(app: FastifyInstance) {
  app.post(
    "/admin/auth/review/:id",
    { onRequest: requireAdmin, schema: { params: idParam, body: reviewBody } },
    async (request) => {
      const { id } = request.params as z.infer<typeof idParam>;
      const input = request.body as z.infer<typeof reviewBody>;
      return ok(
        await reviewIdentityApplication(app.db.kysely, id, {
          status: input.status,
          reason: input.status === "rejected" ? input.reason : null,
        }),
      );
    },
  );
}
