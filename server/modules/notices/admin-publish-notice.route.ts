import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { summaryFromHtml } from "../../../domain/notice-summary";
import { ok } from "../../lib/envelope";
import { requireAdmin } from "../../plugins/admin";
import { insertNotice } from "./notice.repository";

export const publishNoticeBody = z.strictObject({
  title: z.string().trim().min(1, "title is required").max(128),
  /** Plain text for the list; derived from the content when left out. */
  summary: z.string().trim().max(256).optional(),
  contentHtml: z.string().min(1, "contentHtml is required").max(200_000),
  /** Epoch ms; a future time publishes later. Default: now. */
  publishedAt: z.number().int().min(0).max(8_640_000_000_000_000).optional(),
});

/** POST /base/api/admin/notice/add (operator): publishes a notice. */
export default async function adminPublishNoticeRoute(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post("/admin/notice/add", { onRequest: requireAdmin, schema: { body: publishNoticeBody } }, async (request) => {
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
    });
}
