import type { Kysely, Selectable } from "kysely";
import { summaryFromHtml } from "../../../domain/notice-summary";
import type { PublishNoticeInput } from "../../../domain/api/notices";
import type { Database, NoticesTable } from "../../db/schema";
import type { Audit } from "../operators/audit";
import { insertNotice } from "./notice.repository";

/** A notice as the editor sees it: everything, including whether it was taken back. */
export function toAdminNotice(row: Selectable<NoticesTable>) {
  return {
    id: Number(row.id),
    title: row.title,
    summary: row.summary,
    publishedAt: Number(row.published_at),
    contentHtml: row.content_html,
    contentUnsafe: true as const,
    unpublishedAt: row.unpublished_at == null ? null : Number(row.unpublished_at),
  };
}

/** Publishes a notice (audited in the same transaction). */
export function publishNotice(db: Kysely<Database>, input: PublishNoticeInput, audit: Audit, now = Date.now()) {
  return db.transaction().execute(async (trx) => {
    const row = await insertNotice(trx, {
      title: input.title,
      summary: input.summary ?? summaryFromHtml(input.contentHtml, 100),
      content_html: input.contentHtml,
      published_at: input.publishedAt ?? now,
      created_at: now,
    });
    const notice = toAdminNotice(row);
    await audit(trx, { action: "notice.publish", target: `notice:${notice.id}`, after: notice });
    return notice;
  });
}
