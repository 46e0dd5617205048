import path from "node:path";
import compress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/** Vite puts every content-hashed file under assets/: a new build means new names. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** Everything else (index.html, favicon, demo images) is revalidated (ETag) on every use. */
export const REVALIDATE = "no-cache";

/**
 * The built app: precompressed .br/.gz copies when the client accepts them, compression on the
 * fly for the rest, caching by whether the name is hashed, and the SPA fallback: a GET of a path
 * that names no file answers index.html (the app's routes live in the hash, but a bookmarked
 * or shared path must still open it); a missing file (a name with an extension) is a 404.
 * Registered in its own context, so neither compression nor the fallback touches the API proxy.
 */
export async function staticFiles(web: FastifyInstance, opts: { root: string; apiPrefix: string }) {
  const root = path.resolve(opts.root);
  await web.register(compress, { global: true, encodings: ["br", "gzip"] });
  await web.register(fastifyStatic, {
    root,
    preCompressed: true,
    cacheControl: false,
    index: ["index.html"],
    setHeaders(reply, file) {
      const relative = path.relative(root, file).split(path.sep).join("/");
      reply.header("cache-control", relative.startsWith("assets/") ? IMMUTABLE : REVALIDATE);
    },
  });
  web.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0]!;
    const lastSegment = pathname.slice(pathname.lastIndexOf("/") + 1);
    const appRoute =
      (request.method === "GET" || request.method === "HEAD") &&
      !lastSegment.includes(".") &&
      pathname !== opts.apiPrefix &&
      !pathname.startsWith(`${opts.apiPrefix}/`);
    if (appRoute) return reply.sendFile("index.html");
    return reply.code(404).type("text/plain; charset=utf-8").send("Not found");
  });
}
