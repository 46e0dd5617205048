import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { replies } from "../../../domain/api/envelope";
import { adminNotice, editNoticeBody } from "../../../domain/api/notices";
import { emptyBody, idParam, pageBody, pageOf } from "../../../domain/api/page";
import { ok } from "../../lib/envelope";
import { offsetOf } from "../../lib/page-params";
import { auditOf } from "../operators/audit";
import { requireOperator } from "../operators/require-operator";
import { editNotice, toAdminNotice, withdrawNotice } from "./notice-admin.service";
import { listAllNotices } from "./notice.repository";

/**
 * The editor's notice calls besides publishing (editor):
 * - POST /base/api/admin/notice/list `{page?, limit?}`: every notice, taken back or not, newest first;
 * - POST /base/api/admin/notice/update/{id} `{title?, summary?, contentHtml?, publishedAt?}` (audited);
 * - POST /base/api/admin/notice/unpublish/{id}: readers no longer see it (audited).
 */
export default async function adminNoticeRoutes(app: FastifyInstance) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const editor = requireOperator("editor");
  typed.post(
    "/admin/notice/list",
    { onRequest: editor, schema: { body: pageBody, response: replies(pageOf(adminNotice)) } },
    async (request) => {
      const q = request.body;
      const { rows, total } = await listAllNotices(app.db.kysely, offsetOf(q), q.limit);
      return ok({ list: rows.map(toAdminNotice), total, page: q.page, limit: q.limit });
    },
  );
  typed.post(
    "/admin/notice/update/:id",
    { onRequest: editor, schema: { params: idParam, body: editNoticeBody, response: replies(adminNotice) } },
    async (request) => ok(await editNotice(app.db.kysely, request.params.id, request.body, auditOf(request))),
  );
  typed.post(
    "/admin/notice/unpublish/:id",
    { onRequest: editor, schema: { params: idParam, body: emptyBody, response: replies(adminNotice) } },
    async (request) => ok(await withdrawNotice(app.db.kysely, request.params.id, auditOf(request))),
  );
}
