import type { ZodTypeProvider } from "fastify-type-provider-zod";
import fs from "node:fs/promises";
import path from "node:path";
import type { FastifyInstance, FastifyReply } from "fastify";
import { isPublicUploadPurpose } from "../../../domain/upload-purpose";
import { notFound } from "../../lib/errors";
import { mayViewPrivateImage } from "./private-image-access";
import { STORED_NAME, uploadNameParams } from "./upload-location";
import { findUpload } from "./upload.repository";
import { uploadsDir } from "./upload.service";

const noSuchImage = () => notFound("upload.noSuchImage");

/**
 * Headers of every served image: the content type is the one the server detected from the bytes;
 * nosniff and a no-script sandbox keep a browser from reading it as anything else. A public image
 * (an avatar) may be kept by the browser for good (its name never gets other bytes); a private
 * one (identity, bank) is kept by no cache at all, shared or not.
 */
function sendImage(reply: FastifyReply, mime: string, bytes: Buffer, isPublic: boolean) {
  return reply
    .header("X-Content-Type-Options", "nosniff")
    .header("Content-Security-Policy", "default-src 'none'; sandbox")
    .header("Cache-Control", isPublic ? "private, max-age=31536000, immutable" : "private, no-store")
    .type(mime)
    .send(bytes);
}

/**
 * GET /base/api/uploads/<name>: a stored image. Avatars to anyone; identity and bank images to
 * their owner (`token` header) and to operators (`x-admin-token`) only, so a page shows them by
 * fetching with its session rather than through a bare `<img src>`. In this order:
 * 1. a name that is not a stored name's shape (path tricks, other extensions) is 404;
 * 2. a public image is served;
 * 3. otherwise no credential or a wrong one is 401, a known or unknown name alike;
 * 4. a viewer who may not see it (another user) gets the 404 of a name that does not exist;
 * 5. the bytes, never cached.
 * The file read is the row's own name, never the request's.
 */
export default async function serveUploads(app: FastifyInstance) {
  const root = uploadsDir(app.config.dataDir);
  app
    .withTypeProvider<ZodTypeProvider>()
    .get("/uploads/:name", { schema: { params: uploadNameParams } }, async (request, reply) => {
      const { name } = request.params;
      if (!STORED_NAME.test(name)) throw noSuchImage();
      const row = await findUpload(app.db.kysely, name);
      const isPublic = row !== undefined && isPublicUploadPurpose(row.purpose);
      const allowed = isPublic || (await mayViewPrivateImage(request, reply, row && BigInt(row.user_id)));
      if (!row || !allowed) throw noSuchImage();
      let bytes: Buffer;
      try {
        bytes = await fs.readFile(path.join(root, row.file_name));
      } catch (err) {
        // The row outlived its file (a database restored without the folder): nothing to show.
        if ((err as NodeJS.ErrnoException).code === "ENOENT") throw noSuchImage();
        throw err;
      }
      return sendImage(reply, row.mime, bytes, isPublic);
    });
}
