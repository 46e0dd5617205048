import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { ok } from "../../lib/envelope";

const body = z.strictObject({});

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
  app.post("/user/download", { schema: { body } }, async () => ok(data));
}
