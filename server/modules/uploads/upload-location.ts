import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../../db/schema";
import { badRequest } from "../../lib/errors";

/** Where stored images are served (see `serve-uploads.ts`); a location is this prefix + the stored name. */
export const UPLOADS_URL_PREFIX = "/base/api/uploads/";
const LOCATION = /^\/base\/api\/uploads\/([0-9a-f]{32}\.(?:jpg|png|webp))$/;

export const uploadLocation = (fileName: string) => `${UPLOADS_URL_PREFIX}${fileName}`;

/** A request field holding an upload location; only the exact shape the upload calls answer passes. */
export const uploadLocationField = (field: string) =>
  z
    .string()
    .max(128, `${field} must be at most 128 characters`)
    .regex(LOCATION, `${field} must be the location of an uploaded image`);

/** Refuses a location that is not an image this user uploaded (another user's image included). */
export async function assertOwnUpload(db: Kysely<Database>, userId: bigint, location: string, field: string): Promise<void> {
  const name = LOCATION.exec(location)?.[1];
  const row = name
    ? await db.selectFrom("uploads").select("user_id").where("file_name", "=", name).executeTakeFirst()
    : undefined;
  if (!row || BigInt(row.user_id) !== userId) throw badRequest(`${field} must be an image you uploaded`);
}
