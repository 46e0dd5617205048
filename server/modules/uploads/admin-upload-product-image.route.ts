import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { replies } from "../../../domain/api/envelope";
import { MAX_IMAGE_BASE64, productImageBody, uploadReply } from "../../../domain/api/upload-location";
import { PRODUCT_IMAGE_PURPOSE } from "../../../domain/upload-purpose";
import type { DbRateLimiter } from "../../lib/db-rate-limiter";
import { ok } from "../../lib/envelope";
import { forbidden } from "../../lib/errors";
import { auditOf } from "../operators/audit";
import { requireOperator } from "../operators/require-operator";
import { limitUploads } from "./upload-limit";
import { storeImage } from "./upload.service";

/** An upload has an owner (a user): the shared token, which is none, cannot upload. */
const walletOnly: preHandlerAsyncHookHandler = async (request) => {
  if (request.operator.userId === null) throw forbidden("admin.walletOnly");
};

/**
 * POST /base/api/admin/product/image `{file}` (editor, signed in with a wallet): stores a product
 * image under the same rules as every upload (the bytes decide the type, at most 5 MB, the
 * uploader's per-minute budget) and answers its public location, for a product's `images`.
 * Audited as `product.image`.
 */
export default async function adminUploadProductImageRoute(app: FastifyInstance, opts: { limiter: DbRateLimiter }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/admin/product/image",
    {
      bodyLimit: MAX_IMAGE_BASE64 + 64 * 1024,
      onRequest: requireOperator("editor"),
      preHandler: [walletOnly, limitUploads(opts.limiter)],
      schema: { body: productImageBody, response: replies(uploadReply) },
    },
    async (request) => {
      const bytes = Buffer.from(request.body.file, "base64");
      const audit = auditOf(request);
      const userId = request.operator.userId!;
      const location = await app.db.kysely.transaction().execute(async (trx) => {
        const stored = await storeImage(trx, app.config.dataDir, userId, bytes, PRODUCT_IMAGE_PURPOSE);
        await audit(trx, {
          action: "product.image",
          target: `upload:${stored.slice(stored.lastIndexOf("/") + 1)}`,
          after: { location: stored },
        });
        return stored;
      });
      return ok(location);
    },
  );
}
