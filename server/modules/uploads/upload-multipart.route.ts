import multipart, { type MultipartFile, type Multipart } from "@fastify/multipart";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { replies } from "../../../domain/api/envelope";
import { uploadPurposeField, uploadReply } from "../../../domain/api/upload-location";
import { MAX_IMAGE_BYTES } from "../../../domain/image-type";
import type { UploadPurpose } from "../../../domain/upload-purpose";
import { ok } from "../../lib/envelope";
import { AppError, badRequest } from "../../lib/errors";
import { invalidInput } from "../../lib/zod-validation";
import type { DbRateLimiter } from "../../lib/db-rate-limiter";
import { authenticate } from "../auth/authenticate.plugin";
import { limitUploads } from "./upload-limit";
import { storeImage, tooLarge } from "./upload.service";

const ALLOWED_FIELDS = new Set(["user", "purpose"]);

/** Multipart errors of the client's making become 4xx refusals (the plugin's are terse). */
function partsError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  const code = (err as { code?: string }).code;
  if (code === "FST_REQ_FILE_TOO_LARGE") return tooLarge();
  if (code === "FST_FILES_LIMIT") return badRequest("upload.oneFile");
  if (code === "FST_FIELDS_LIMIT" || code === "FST_PARTS_LIMIT") return badRequest("upload.tooManyFields");
  if (code === "FST_INVALID_MULTIPART_CONTENT_TYPE") return badRequest("upload.notMultipart");
  return badRequest("upload.malformed");
}

async function readOneImage(request: FastifyRequest): Promise<{ image: Buffer; purpose: UploadPurpose }> {
  let image: Buffer | null = null;
  let purpose: string | undefined;
  try {
    const parts: AsyncIterableIterator<Multipart> = request.parts({
      limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 3, parts: 4, fieldSize: 256, fieldNameSize: 32 },
    });
    for await (const part of parts) {
      if (part.type === "file") {
        if (part.fieldname !== "file") {
          part.file.resume();
          throw badRequest("upload.unknownFileField", { field: JSON.stringify(part.fieldname.slice(0, 32)) });
        }
        image = await (part as MultipartFile).toBuffer();
      } else if (!ALLOWED_FIELDS.has(part.fieldname)) {
        throw badRequest("upload.unknownFormField", { field: JSON.stringify(part.fieldname.slice(0, 32)) });
      } else if (part.fieldname === "purpose") {
        if (purpose !== undefined) throw badRequest("upload.purposeTwice");
        purpose = String(part.value);
      }
    }
  } catch (err) {
    throw partsError(err);
  }
  if (!image) throw badRequest("upload.fileMissing");
  const parsed = uploadPurposeField.safeParse(purpose);
  if (!parsed.success) throw invalidInput(parsed.error, "purpose");
  return { image, purpose: parsed.data };
}

/**
 * POST /base/api/user//upload (double slash, as in specification §7; `/user/upload` is the same
 * call for proxies that merge slashes): multipart field `file` (one JPEG, PNG or WebP image, at
 * most 5 MB), optional form field `user` (accepted and ignored: the session says who uploads) and
 * optional form field `purpose` (`avatar`, `identity` or `bank`; default `identity`, see
 * `upload-purpose.ts`). `data` is the stored image's location.
 */
export default async function uploadMultipartRoute(app: FastifyInstance, opts: { limiter: DbRateLimiter }) {
  await app.register(multipart);
  const handler = async (request: FastifyRequest) => {
    const { image, purpose } = await readOneImage(request);
    return ok(await storeImage(app.db.kysely, app.config.dataDir, BigInt(request.user.id), image, purpose));
  };
  const options = { onRequest: authenticate, preHandler: limitUploads(opts.limiter), schema: { response: replies(uploadReply) } };
  for (const url of ["/user//upload", "/user/upload"]) app.withTypeProvider<ZodTypeProvider>().post(url, options, handler);
}
