import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import { detectImageType, IMAGE_EXTENSION, IMAGE_MIME, MAX_IMAGE_BYTES } from "../../../domain/image-type";
import type { UploadPurpose } from "../../../domain/upload-purpose";
import type { Database } from "../../db/schema";
import { badRequest, refuse } from "../../lib/errors";
import { uploadLocation } from "./upload-location";
import { insertUpload } from "./upload.repository";

export const tooLarge = () => refuse(413, "upload.tooLarge", { megabytes: MAX_IMAGE_BYTES / 1024 / 1024 });

export const uploadsDir = (dataDir: string) => path.resolve(dataDir, "uploads");

/**
 * Stores one image under a random name (the client's file name and declared type are never
 * used: the bytes decide) and answers its location. The row records the owner and the purpose,
 * which decide who may see it (`serve-uploads.ts`). The file is written before the row, and
 * removed again if the row cannot be written, so a location always has its file.
 */
export async function storeImage(
  db: Kysely<Database>,
  dataDir: string,
  userId: bigint,
  bytes: Buffer,
  purpose: UploadPurpose,
  now = Date.now(),
): Promise<string> {
  if (bytes.length === 0) throw badRequest("upload.empty");
  if (bytes.length > MAX_IMAGE_BYTES) throw tooLarge();
  const type = detectImageType(bytes);
  if (!type) throw badRequest("upload.notImage");
  const fileName = `${randomBytes(16).toString("hex")}.${IMAGE_EXTENSION[type]}`;
  const dir = uploadsDir(dataDir);
  await fs.mkdir(dir, { recursive: true });
  const file = path.join(dir, fileName);
  await fs.writeFile(file, bytes, { flag: "wx" });
  try {
    await insertUpload(db, { userId, fileName, mime: IMAGE_MIME[type], size: bytes.length, purpose, now });
  } catch (err) {
    await fs.rm(file, { force: true });
    throw err;
  }
  return uploadLocation(fileName);
}
