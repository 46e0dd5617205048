import type { Kysely } from "kysely";
import type { UploadPurpose } from "../../../domain/upload-purpose";
import type { Database } from "../../db/schema";

export async function insertUpload(
  db: Kysely<Database>,
  u: { userId: bigint; fileName: string; mime: string; size: number; purpose: UploadPurpose; now: number },
): Promise<void> {
  await db
    .insertInto("uploads")
    .values({
      user_id: u.userId,
      file_name: u.fileName,
      mime: u.mime,
      size: u.size,
      purpose: u.purpose,
      created_at: u.now,
    })
    .execute();
}

/** The stored image of this name (owner, type, purpose), or undefined. */
export function findUpload(db: Kysely<Database>, fileName: string) {
  return db
    .selectFrom("uploads")
    .select(["user_id", "file_name", "mime", "purpose"])
    .where("file_name", "=", fileName)
    .executeTakeFirst();
}
