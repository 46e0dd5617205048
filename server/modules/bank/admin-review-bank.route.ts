import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { ok } from "../../lib/envelope";
import { idParam } from "../../lib/page-params";
import { requireAdmin } from "../../plugins/admin";
import { reviewBody } from "../../../domain/api/applications";
import { reviewBankApplication } from "./bank.service";

/**
 * POST /base/api/admin/bank/review/{id} `{status: "approved"}` or `{status: "rejected", reason}`
 * (operator): decides a pending bank account application.
 */
export default async function adminReviewBankRoute(app: FastifyInstance) {
  app.post(
    "/admin/bank/review/:id",
    { onRequest: requireAdmin, schema: { params: idParam, body: reviewBody } },
    async (request) => {
      const { id } = request.params as z.infer<typeof idParam>;
      const input = request.body as z.infer<typeof reviewBody>;
      return ok(
        await reviewBankApplication(app.db.kysely, id, {
          status: input.status,
          reason: input.status === "rejected" ? input.reason : null,
        }),
      );
    },
  );
}
