import proxy from "@fastify/http-proxy";
import type { FastifyInstance, FastifyRequest, RawServerBase, RequestGenericInterface } from "fastify";
import type { IncomingHttpHeaders } from "node:http";

/** Headers through which a client could name its own address or scheme: never passed on. */
const CLIENT_FORWARDING_HEADERS = [
  "forwarded",
  "x-forwarded-for",
  "x-forwarded-host",
  "x-forwarded-proto",
  "x-forwarded-port",
  "x-real-ip",
  "x-client-ip",
];

/**
 * `/base/api/*` forwarded to the API as it came (method, path, query, body streamed, headers),
 * except the forwarding headers, which this server writes itself: X-Forwarded-For is REPLACED by
 * the client's address as this server knows it (the connection's, or what a proxy it trusts
 * reported), never appended to, so the API, which trusts this server, can key its per-client
 * limits on it. The API's replies come back unchanged (no compression either: a login reply
 * carries a session token, and compressing secrets beside attacker-chosen input is BREACH).
 */
export async function apiProxy(web: FastifyInstance, opts: { upstream: string; prefix: string }) {
  await web.register(proxy, {
    upstream: opts.upstream,
    prefix: opts.prefix,
    rewritePrefix: opts.prefix,
    // Two info lines per API call ("fetching", "received") would drown the log.
    disableRequestLogging: true,
    replyOptions: { rewriteRequestHeaders: forwardedHeaders },
  });
}

export function forwardedHeaders(
  request: FastifyRequest<RequestGenericInterface, RawServerBase>,
  headers: IncomingHttpHeaders,
): IncomingHttpHeaders {
  const next: IncomingHttpHeaders = { ...headers };
  for (const name of CLIENT_FORWARDING_HEADERS) delete next[name];
  next["x-forwarded-for"] = request.ip;
  next["x-forwarded-proto"] = request.protocol;
  next["x-forwarded-host"] = request.host;
  return next;
}
