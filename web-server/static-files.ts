import path from "node:path";
import compress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/** Vite puts every content-hashed file under assets/: a new build means new names. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/**
 * Our images (the demo catalogue's variants, the app icons): not content-hashed, but changed
 * only by a deploy. A day spares a phone one revalidation per image each time the app opens.
 */
export const IMAGES = "public, max-age=86400";
/**
 * Everything else is revalidated (ETag) on every use: index.html, and the service worker and
 * the web manifest above all, which the browser checks for a new build (a cached sw.js would
 * keep the old build's worker and shell).
 */
export const REVALIDATE = "no-cache";

const IMAGE_FOLDERS = /^(demo|icons)\/.+\.(avif|webp|jpe?g|png|svg)$/;

export function cacheControlFor(relative: string): string {
  if (relative.startsWith("assets/")) return IMMUTABLE;
  if (IMAGE_FOLDERS.test(relative)) return IMAGES;
  return REVALIDATE;
}

/**
 * The built app: precompressed .br/.gz copies when the client accepts them, compression on the
 * fly for the rest, caching by what the file is (cacheControlFor), and the SPA fallback: a GET of a path
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
      reply.header("cache-control", cacheControlFor(relative));
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
