import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);
const digest = (value: string) => createHash("sha256").update(value).digest();

/**
 * Who may read /metrics: a scraper on this machine, or one holding METRICS_TOKEN. "On this
 * machine" is the TCP peer, not `request.ip` (which believes X-Forwarded-For from trusted
 * proxies), and a request carrying X-Forwarded-For came through a proxy, so it is not local
 * whatever the peer: our web server on this machine forwards outside callers that way.
 */
export function mayReadMetrics(request: FastifyRequest, token: string | null): boolean {
  const local = LOOPBACK.has(request.socket.remoteAddress ?? "") && request.headers["x-forwarded-for"] === undefined;
  return local || (token !== null && bearerMatches(request.headers.authorization, token));
}

/** `Authorization: Bearer <token>`, compared in constant time (both sides hashed, so lengths do not show). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = header?.match(/^Bearer (.{1,256})$/)?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}
