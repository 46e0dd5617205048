import type { Insertable, Kysely, Updateable } from "kysely";
import type { Database, NoticesTable } from "../../db/schema";

type Q = Kysely<Database>;

/** Published notices (not taken back), newest first. */
export function listPublishedNotices(db: Q, now: number, offset: number, limit: number) {
  return db
    .selectFrom("notices")
    .select(["id", "title", "summary", "published_at"])
    .where("published_at", "<=", BigInt(now))
    .where("unpublished_at", "is", null)
    .orderBy("published_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countPublishedNotices(db: Q, now: number): Promise<number> {
  const row = await db
    .selectFrom("notices")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("published_at", "<=", BigInt(now))
    .where("unpublished_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findPublishedNotice(db: Q, id: bigint, now: number) {
  return db
    .selectFrom("notices")
    .selectAll()
    .where("id", "=", id)
    .where("published_at", "<=", BigInt(now))
    .where("unpublished_at", "is", null)
    .executeTakeFirst();
}

/** Which of `noticeIds` the user has read. */
export async function readNoticeIds(db: Q, userId: bigint, noticeIds: bigint[]): Promise<Set<number>> {
  if (noticeIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("notice_reads")
    .select("notice_id")
    .where("user_id", "=", userId)
    .where("notice_id", "in", noticeIds)
    .execute();
  return new Set(rows.map((r) => Number(r.notice_id)));
}

export async function markNoticeRead(db: Q, userId: bigint, noticeId: bigint, now: number): Promise<void> {
  await db
    .insertInto("notice_reads")
    .values({ user_id: userId, notice_id: noticeId, read_at: now })
    .onConflict((oc) => oc.columns(["user_id", "notice_id"]).doNothing())
    .execute();
}

export function insertNotice(db: Q, values: Insertable<NoticesTable>) {
  return db.insertInto("notices").values(values).returningAll().executeTakeFirstOrThrow();
}

/** Every notice for the editor, published or not, newest first, and the total. */
export async function listAllNotices(db: Q, offset: number, limit: number) {
  const [rows, total] = await Promise.all([
    db.selectFrom("notices").selectAll().orderBy("id", "desc").limit(limit).offset(offset).execute(),
    db
      .selectFrom("notices")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export function findNotice(db: Q, id: bigint) {
  return db.selectFrom("notices").selectAll().where("id", "=", id).executeTakeFirst();
}

export function updateNotice(db: Q, id: bigint, patch: Updateable<NoticesTable>) {
  return db.updateTable("notices").set(patch).where("id", "=", id).returningAll().executeTakeFirst();
}

/** Takes a notice back, once: only a row not yet taken back matches. */
export function unpublishNotice(db: Q, id: bigint, now: number) {
  return db
    .updateTable("notices")
    .set({ unpublished_at: now })
    .where("id", "=", id)
    .where("unpublished_at", "is", null)
    .returningAll()
    .executeTakeFirst();
}
