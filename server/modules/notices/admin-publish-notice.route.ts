import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { summaryFromHtml } from "../../../domain/notice-summary";
import { replies } from "../../../domain/api/envelope";
import { noticeDetail, publishNoticeBody } from "../../../domain/api/notices";
import { ok } from "../../lib/envelope";
import { requireOperator } from "../operators/require-operator";
import { insertNotice } from "./notice.repository";

/** POST /base/api/admin/notice/add (editor): publishes a notice. */
export default async function adminPublishNoticeRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/admin/notice/add",
      { onRequest: requireOperator("editor"), schema: { body: publishNoticeBody, response: replies(noticeDetail) } },
      async (request) => {
        const input = request.body;
        const now = Date.now();
        const row = await insertNotice(app.db.kysely, {
          title: input.title,
          summary: input.summary ?? summaryFromHtml(input.contentHtml, 100),
          content_html: input.contentHtml,
          published_at: input.publishedAt ?? now,
          created_at: now,
        });
        return ok({
          id: Number(row.id),
          title: row.title,
          summary: row.summary,
          publishedAt: Number(row.published_at),
          contentHtml: row.content_html,
          contentUnsafe: true as const,
        });
      },
    );
}
