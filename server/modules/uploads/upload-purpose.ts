import { z } from "zod";
import { DEFAULT_UPLOAD_PURPOSE, UPLOAD_PURPOSES } from "../../../domain/upload-purpose";

/**
 * The optional `purpose` of an upload call (`avatar`, `identity` or `bank`). Absent, it is
 * `identity`: the specification's call has no such field and uploads ID card sides, so a client
 * that follows it gets private images that its identity application accepts.
 */
export const uploadPurposeField = z
  .enum(UPLOAD_PURPOSES, { error: `purpose must be one of ${UPLOAD_PURPOSES.join(", ")}` })
  .default(DEFAULT_UPLOAD_PURPOSE);
