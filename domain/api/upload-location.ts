import { z } from "zod";

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
