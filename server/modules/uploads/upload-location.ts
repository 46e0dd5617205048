import type { Kysely } from "kysely";
import type { UploadPurpose } from "../../../domain/upload-purpose";
import type { Database } from "../../db/schema";
import { badRequest } from "../../lib/errors";
import { UPLOAD_LOCATION, UPLOADS_URL_PREFIX } from "../../../domain/api/upload-location";
import { findUpload } from "./upload.repository";

// The shapes live with the API schemas (served by `serve-uploads.ts`, named by `upload.service.ts`).
export { STORED_NAME, UPLOADS_URL_PREFIX, uploadLocationField, uploadNameParams } from "../../../domain/api/upload-location";

export const uploadLocation = (fileName: string) => `${UPLOADS_URL_PREFIX}${fileName}`;

/**
 * Refuses a location that is not an image this user uploaded for this purpose: another user's
 * image (someone else's ID card in this user's application), an avatar offered as an ID card
 * side (public, and not what was asked for), and an ID card side offered as an avatar (private,
 * so nobody else could see it).
 */
export async function assertOwnUpload(
  db: Kysely<Database>,
  userId: bigint,
  location: string,
  field: string,
  purpose: UploadPurpose,
): Promise<void> {
  const name = UPLOAD_LOCATION.exec(location)?.[1];
  const row = name ? await findUpload(db, name) : undefined;
  if (!row || BigInt(row.user_id) !== userId) throw badRequest("upload.notYours", { field });
  if (row.purpose !== purpose) throw badRequest("upload.wrongPurpose", { field, purpose });
}
