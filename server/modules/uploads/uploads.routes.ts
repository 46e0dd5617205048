import type { FastifyInstance } from "fastify";
import { perUserPerMinute } from "../../lib/per-user-limit";
import adminUploadProductImageRoute from "./admin-upload-product-image.route";
import serveUploads from "./serve-uploads";
import uploadBase64Route from "./upload-base64.route";
import uploadMultipartRoute from "./upload-multipart.route";

/** The uploads module's calls, registered under /base/api. */
export default async function uploadsRoutes(api: FastifyInstance) {
  // One budget per user for both ways of uploading.
  const uploads = perUserPerMinute(api.db, "upload", api.config.uploadRateLimitPerMinute);
  await api.register(uploadMultipartRoute, { limiter: uploads });
  await api.register(uploadBase64Route, { limiter: uploads });
  await api.register(adminUploadProductImageRoute, { limiter: uploads });
  await api.register(serveUploads);
}
