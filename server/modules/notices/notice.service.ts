import type { Kysely, Selectable } from "kysely";
import type { NoticeDetail, NoticeItem } from "../../../domain/api/notices";
import type { Database, NoticesTable } from "../../db/schema";
import { notFound } from "../../lib/errors";
import type { Page } from "../../lib/page-params";
import {
  countPublishedNotices,
  findPublishedNotice,
  listPublishedNotices,
  markNoticeRead,
  readNoticeIds,
} from "./notice.repository";

export type { NoticeDetail, NoticeItem } from "../../../domain/api/notices";

const toItem = (row: Pick<Selectable<NoticesTable>, "id" | "title" | "summary" | "published_at">): NoticeItem => ({
  id: Number(row.id),
  title: row.title,
  summary: row.summary,
  publishedAt: Number(row.published_at),
});

export async function listNotices(
  db: Kysely<Database>,
  viewerId: bigint | null,
  p: { page: number; limit: number },
  now = Date.now(),
): Promise<Page<NoticeItem>> {
  const [rows, total] = await Promise.all([
    listPublishedNotices(db, now, (p.page - 1) * p.limit, p.limit),
    countPublishedNotices(db, now),
  ]);
  const list = rows.map(toItem);
  if (viewerId !== null) {
    const read = await readNoticeIds(
      db,
      viewerId,
      rows.map((r) => BigInt(r.id)),
    );
    for (const item of list) item.read = read.has(item.id);
  }
  return { list, total, page: p.page, limit: p.limit };
}

/** The notice; reading it as a signed-in user marks it read. */
export async function readNotice(
  db: Kysely<Database>,
  viewerId: bigint | null,
  id: bigint,
  now = Date.now(),
): Promise<NoticeDetail> {
  const row = await findPublishedNotice(db, id, now);
  if (!row) throw notFound("notices.notFound");
  const detail: NoticeDetail = { ...toItem(row), contentHtml: row.content_html, contentUnsafe: true };
  if (viewerId !== null) {
    await markNoticeRead(db, viewerId, id, now);
    detail.read = true;
  }
  return detail;
}
