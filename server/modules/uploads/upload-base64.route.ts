import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { MAX_IMAGE_BYTES } from "../../../domain/image-type";
import { ok } from "../../lib/envelope";
import { requireUser } from "../../plugins/authenticate";
import type { DbRateLimiter } from "../../lib/db-rate-limiter";
import { limitUploads } from "./upload-limit";
import { uploadPurposeField } from "./upload-purpose";
import { storeImage } from "./upload.service";

/** Base64 of MAX_IMAGE_BYTES, rounded up to whole quanta, plus room for a data-URL prefix. */
const MAX_BASE64 = Math.ceil(MAX_IMAGE_BYTES / 3) * 4;
const DATA_URL = /^data:image\/[a-z0-9.+-]{1,20};base64,/;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

const body = z.strictObject({
  file: z
    .string()
    .max(MAX_BASE64 + 64, `file must be at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB`)
    .transform((v) => v.replace(DATA_URL, ""))
    .refine((v) => v.length > 0 && BASE64.test(v), "file must be base64 (optionally as a data:image/...;base64, URL)"),
  purpose: uploadPurposeField,
});

/**
 * POST /base/api/user/upload/base64 `{file: "data:image/png;base64,...", purpose?}` or bare base64:
 * the same image and purpose rules as the multipart upload (the declared type in the data URL is
 * ignored).
 */
export default async function uploadBase64Route(app: FastifyInstance, opts: { limiter: DbRateLimiter }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .post(
      "/user/upload/base64",
      { bodyLimit: MAX_BASE64 + 64 * 1024, onRequest: requireUser, preHandler: limitUploads(opts.limiter), schema: { body } },
      async (request) => {
        const { file, purpose } = request.body;
        const bytes = Buffer.from(file, "base64");
        return ok(await storeImage(app.db.kysely, app.config.dataDir, BigInt(request.user.id), bytes, purpose));
      },
    );
}
