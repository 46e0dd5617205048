import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { appDownload } from "../../../domain/api/app-download";
import { replies } from "../../../domain/api/envelope";
import { ok } from "../../lib/envelope";
import { emptyBody } from "../../lib/page-params";

/**
 * POST /base/api/user/download (public): the app version, the client version and the download
 * links from configuration (null when not configured).
 */
export default async function downloadRoute(app: FastifyInstance) {
  const data = {
    appVersion: app.config.appVersion,
    clientVersion: app.config.clientVersion,
    androidUrl: app.config.downloadAndroidUrl,
    iosUrl: app.config.downloadIosUrl,
  };
  app
    .withTypeProvider<ZodTypeProvider>()
    .post("/user/download", { schema: { body: emptyBody, response: replies(appDownload) } }, async () => ok(data));
}
