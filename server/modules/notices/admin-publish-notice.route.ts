import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { replies } from "../../../domain/api/envelope";
import { noticeDetail, publishNoticeBody } from "../../../domain/api/notices";
import { ok } from "../../lib/envelope";
import { auditOf } from "../operators/audit";
import { requireOperator } from "../operators/require-operator";
import { publishNotice } from "./notice-admin.service";

/** POST /base/api/admin/notice/add (editor): publishes a notice (audited). */
export default async function adminPublishNoticeRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/admin/notice/add",
      { onRequest: requireOperator("editor"), schema: { body: publishNoticeBody, response: replies(noticeDetail) } },
      async (request) => ok(await publishNotice(app.db.kysely, request.body, auditOf(request))),
    );
}
