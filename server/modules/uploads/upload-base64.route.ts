import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { replies } from "../../../domain/api/envelope";
import { MAX_IMAGE_BASE64, uploadBase64Body, uploadReply } from "../../../domain/api/upload-location";
import { ok } from "../../lib/envelope";
import { authenticate } from "../auth/authenticate.plugin";
import type { DbRateLimiter } from "../../lib/db-rate-limiter";
import { limitUploads } from "./upload-limit";
import { storeImage } from "./upload.service";

/**
 * POST /base/api/user/upload/base64 `{file: "data:image/png;base64,...", purpose?}` or bare base64:
 * the same image and purpose rules as the multipart upload (the declared type in the data URL is
 * ignored).
 */
export default async function uploadBase64Route(app: FastifyInstance, opts: { limiter: DbRateLimiter }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/user/upload/base64",
    {
      bodyLimit: MAX_IMAGE_BASE64 + 64 * 1024,
      onRequest: authenticate,
      preHandler: limitUploads(opts.limiter),
      schema: { body: uploadBase64Body, response: replies(uploadReply) },
    },
    async (request) => {
      const { file, purpose } = request.body;
      const bytes = Buffer.from(file, "base64");
      return ok(await storeImage(app.db.kysely, app.config.dataDir, BigInt(request.user.id), bytes, purpose));
    },
  );
}
