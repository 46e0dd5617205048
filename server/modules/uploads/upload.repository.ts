import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

export async function insertUpload(
  db: Kysely<Database>,
  u: { userId: bigint; fileName: string; mime: string; size: number; now: number },
): Promise<void> {
  await db
    .insertInto("uploads")
    .values({ user_id: u.userId, file_name: u.fileName, mime: u.mime, size: u.size, created_at: u.now })
    .execute();
}
