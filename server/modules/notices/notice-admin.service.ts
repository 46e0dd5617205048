import type { Kysely, Selectable, Updateable } from "kysely";
import { summaryFromHtml } from "../../../domain/notice-summary";
import type { EditNoticeInput, PublishNoticeInput } from "../../../domain/api/notices";
import type { Database, NoticesTable } from "../../db/schema";
import type { Audit } from "../operators/audit";
import { conflict, notFound } from "../../lib/errors";
import { findNotice, insertNotice, unpublishNotice, updateNotice } from "./notice.repository";

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

/** Changes the named fields of a notice (audited with before and after); new content without a summary gets its summary derived again. */
export function editNotice(db: Kysely<Database>, id: bigint, input: EditNoticeInput, audit: Audit) {
  return db.transaction().execute(async (trx) => {
    const current = await findNotice(trx, id);
    if (!current) throw notFound("notices.notFound");
    const patch: Updateable<NoticesTable> = {};
    if (input.title !== undefined) patch.title = input.title;
    if (input.contentHtml !== undefined) patch.content_html = input.contentHtml;
    if (input.summary !== undefined) patch.summary = input.summary;
    else if (input.contentHtml !== undefined) patch.summary = summaryFromHtml(input.contentHtml, 100);
    if (input.publishedAt !== undefined) patch.published_at = input.publishedAt;
    const row = await updateNotice(trx, id, patch);
    if (!row) throw notFound("notices.notFound");
    const notice = toAdminNotice(row);
    await audit(trx, { action: "notice.update", target: `notice:${id}`, before: toAdminNotice(current), after: notice });
    return notice;
  });
}

/** Takes a notice back: readers no longer see it; the row stays (read marks refer to it). Audited. */
export function withdrawNotice(db: Kysely<Database>, id: bigint, audit: Audit, now = Date.now()) {
  return db.transaction().execute(async (trx) => {
    const current = await findNotice(trx, id);
    if (!current) throw notFound("notices.notFound");
    const row = await unpublishNotice(trx, id, now);
    if (!row) throw conflict("notices.alreadyUnpublished");
    const notice = toAdminNotice(row);
    await audit(trx, { action: "notice.unpublish", target: `notice:${id}`, before: toAdminNotice(current), after: notice });
    return notice;
  });
}
