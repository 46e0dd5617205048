import type { Kysely } from "kysely";
import { z } from "zod";
import type { UploadPurpose } from "../../../domain/upload-purpose";
import type { Database } from "../../db/schema";
import { badRequest } from "../../lib/errors";
import { findUpload } from "./upload.repository";

/** Where stored images are served (see `serve-uploads.ts`); a location is this prefix + the stored name. */
export const UPLOADS_URL_PREFIX = "/base/api/uploads/";
/** A stored name: 128 random bits in hex and the extension of the detected type (`upload.service.ts`). */
export const STORED_NAME = /^[0-9a-f]{32}\.(?:jpg|png|webp)$/;
const LOCATION = /^\/base\/api\/uploads\/([0-9a-f]{32}\.(?:jpg|png|webp))$/;

export const uploadLocation = (fileName: string) => `${UPLOADS_URL_PREFIX}${fileName}`;

/** A request field holding an upload location; only the exact shape the upload calls answer passes. */
export const uploadLocationField = (field: string) =>
  z
    .string()
    .max(128, `${field} must be at most 128 characters`)
    .regex(LOCATION, `${field} must be the location of an uploaded image`);

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
  const name = LOCATION.exec(location)?.[1];
  const row = name ? await findUpload(db, name) : undefined;
  if (!row || BigInt(row.user_id) !== userId) throw badRequest("upload.notYours", { field });
  if (row.purpose !== purpose) throw badRequest("upload.wrongPurpose", { field, purpose });
}
