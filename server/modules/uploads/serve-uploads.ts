import fs from "node:fs";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { uploadsDir } from "./upload.service";

/**
 * Serves stored images at /base/api/uploads/<name>. Names are 128 random bits, so a location is
 * as hard to guess as a session token. The content type follows the extension, which the server
 * chose from the bytes; nosniff and a no-script CSP keep a browser from reading it as anything else.
 */
export default async function serveUploads(app: FastifyInstance) {
  const root = uploadsDir(app.config.dataDir);
  fs.mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: "/uploads/",
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: "deny",
    setHeaders(reply) {
      reply.header("X-Content-Type-Options", "nosniff");
      reply.header("Content-Security-Policy", "default-src 'none'; sandbox");
      reply.header("Cache-Control", "private, max-age=31536000, immutable");
    },
  });
}
