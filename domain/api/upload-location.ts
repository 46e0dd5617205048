import { z } from "zod";
import { MAX_IMAGE_BYTES } from "../image-type";
import { DEFAULT_UPLOAD_PURPOSE, UPLOAD_PURPOSES } from "../upload-purpose";

/* The upload calls (`user//upload`, `user/upload`, `user/upload/base64`) and the locations they answer. */

/** Where stored images are served; a location is this prefix + the stored name. */
export const UPLOADS_URL_PREFIX = "/base/api/uploads/";
/** A stored name: 128 random bits in hex and the extension of the detected type. */
export const STORED_NAME = /^[0-9a-f]{32}\.(?:jpg|png|webp)$/;
/** An upload's location, capturing its stored name. */
export const UPLOAD_LOCATION = /^\/base\/api\/uploads\/([0-9a-f]{32}\.(?:jpg|png|webp))$/;

/** A request field holding an upload location; only the exact shape the upload calls answer passes. */
export const uploadLocationField = (field: string) =>
  z
    .string()
    .max(128, `${field} must be at most 128 characters`)
    .regex(UPLOAD_LOCATION, `${field} must be the location of an uploaded image`);

/**
 * The optional `purpose` of an upload call (`avatar`, `identity` or `bank`). Absent, it is
 * `identity`: the specification's call has no such field and uploads ID card sides, so a client
 * that follows it gets private images that its identity application accepts.
 */
export const uploadPurposeField = z
  .enum(UPLOAD_PURPOSES, { error: `purpose must be one of ${UPLOAD_PURPOSES.join(", ")}` })
  .default(DEFAULT_UPLOAD_PURPOSE);

/** Base64 of MAX_IMAGE_BYTES, rounded up to whole quanta. */
export const MAX_IMAGE_BASE64 = Math.ceil(MAX_IMAGE_BYTES / 3) * 4;
const DATA_URL = /^data:image\/[a-z0-9.+-]{1,20};base64,/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** POST user/upload/base64: a data URL's declared type is dropped (the bytes decide), as is its prefix. */
export const uploadBase64Body = z.strictObject({
  file: z
    .string()
    // Room for a data-URL prefix.
    .max(MAX_IMAGE_BASE64 + 64, `file must be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`)
    .transform((v) => v.replace(DATA_URL, ""))
    .refine((v) => v.length > 0 && BASE64.test(v), "file must be base64 (optionally as a data:image/...;base64, URL)"),
  purpose: uploadPurposeField,
});

/** The reply of every upload call: the stored image's location. */
export const uploadReply = z.string().regex(UPLOAD_LOCATION);
export type UploadedLocation = z.infer<typeof uploadReply>;

/** GET uploads/{name}: the stored file's name (checked against STORED_NAME where it is served). */
export const uploadNameParams = z.strictObject({ name: z.string() });

/** POST admin/product/image: one image as base64 (or a data URL), like user/upload/base64 without a purpose. */
export const productImageBody = z.strictObject({ file: uploadBase64Body.shape.file });
