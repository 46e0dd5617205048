import { z } from "zod";

/* Notices: `home/notices`, `home/notice/{id}` and the operator's `admin/notice/add`. */

export const noticeItem = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Plain text: shown as text, never as HTML. */
  summary: z.string(),
  publishedAt: z.number().int(),
  /** Present only for a signed-in reader. */
  read: z.boolean().optional(),
});
export type NoticeItem = z.infer<typeof noticeItem>;

export const noticeDetail = noticeItem.extend({
  /** Kept exactly as the operator wrote it: the client sanitises it before rendering. */
  contentHtml: z.string(),
  contentUnsafe: z.literal(true),
});
export type NoticeDetail = z.infer<typeof noticeDetail>;

/** POST admin/notice/add. */
export const publishNoticeBody = z.strictObject({
  title: z.string().trim().min(1, "title is required").max(128),
  /** Plain text for the list; derived from the content when left out. */
  summary: z.string().trim().max(256).optional(),
  contentHtml: z.string().min(1, "contentHtml is required").max(200_000),
  /** Epoch ms; a future time publishes later. Default: now. */
  publishedAt: z.number().int().min(0).max(8_640_000_000_000_000).optional(),
});
export type PublishNoticeInput = z.infer<typeof publishNoticeBody>;

/** POST admin/notice/update/{id}: the fields to change (at least one). New content without a summary derives the summary again. */
export const editNoticeBody = publishNoticeBody
  .partial()
  .refine((b) => Object.values(b).some((v) => v !== undefined), "name at least one field to change");
export type EditNoticeInput = z.infer<typeof editNoticeBody>;

/** A notice as the editor sees it (admin/notice/list, update, unpublish): including whether it was taken back. */
export const adminNotice = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  publishedAt: z.number().int(),
  contentHtml: z.string(),
  contentUnsafe: z.literal(true),
  /** When an editor took it back; null while readers see it (from publishedAt on). */
  unpublishedAt: z.number().int().nullable(),
});
