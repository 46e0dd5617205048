import type { FastifyInstance, FastifyReply, FastifyRequest, RawServerBase, RequestGenericInterface } from "fastify";
import type { IncomingHttpHeaders } from "node:http";
import type { Readable } from "node:stream";
import { forwardRequest } from "./forward-request";
import { sendGatewayRefusal } from "./gateway-refusal";
import type { Upstream, Upstreams } from "./upstreams";

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

/** Hop-by-hop headers (RFC 9110 §7.6.1): about one connection, never forwarded either way. */
const HOP_BY_HOP = ["connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer", "upgrade"];

const METHODS = ["DELETE", "GET", "HEAD", "PATCH", "POST", "PUT", "OPTIONS"];

/**
 * `/base/api/*` forwarded to an API process as it came (method, path, query, body streamed,
 * headers), except the forwarding headers, which this server writes itself: X-Forwarded-For is
 * REPLACED by the client's address as this server knows it (the connection's, or what a proxy it
 * trusts reported), never appended to, so the API, which trusts this server, can key its
 * per-client limits on it. The API's replies come back unchanged (no compression either: a login
 * reply carries a session token, and compressing secrets beside attacker-chosen input is BREACH).
 *
 * With several API processes (docs/decisions.md, Several API processes) each request goes to the
 * next live one; one that cannot be connected to is marked dead and the request goes to the next,
 * which is safe because nothing of it reached the dead one. Once a process has taken a request it
 * is never sent again: a POST may have been carried out.
 */
export async function apiProxy(web: FastifyInstance, opts: { upstreams: Upstreams; prefix: string }) {
  const { upstreams } = opts;
  // The body is streamed through, never parsed here: the API parses and limits it.
  web.removeAllContentTypeParsers();
  web.addContentTypeParser("*", (_request, payload, done) => done(null, payload));

  const handler = (request: FastifyRequest, reply: FastifyReply) => forward(upstreams, request, reply);
  web.route({ method: METHODS, url: opts.prefix, handler });
  web.route({ method: METHODS, url: `${opts.prefix}/*`, handler });
}

async function forward(upstreams: Upstreams, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  // The client went away before its answer was written: the upstream request is given up.
  const aborted = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) aborted.abort();
  });
  const headers = forwardedHeaders(request, withoutHopByHop(request.headers));
  const body = (request.body as Readable | undefined) ?? null;
  const tried = new Set<Upstream>();
  for (let upstream = upstreams.pick(); upstream; upstream = upstreams.pick(tried)) {
    tried.add(upstream);
    const outcome = await forwardRequest({
      origin: upstream.url,
      method: request.method,
      path: request.url,
      headers,
      body,
      signal: aborted.signal,
    });
    // Nobody is left to answer; the refusal only completes the reply.
    if (aborted.signal.aborted) return sendGatewayRefusal(reply, 502);
    if (outcome.kind === "unreached") {
      upstreams.markDead(upstream, `${(outcome.error as NodeJS.ErrnoException).code ?? outcome.error.message}`);
      continue;
    }
    if (outcome.kind === "failed") {
      request.log.warn({ err: outcome.error, upstream: upstream.url }, "API upstream failed after taking the request");
      return sendGatewayRefusal(reply, outcome.timedOut ? 504 : 502);
    }
    const { response } = outcome;
    for (const [name, value] of Object.entries(withoutHopByHop(response.headers))) {
      if (value !== undefined) reply.header(name, value);
    }
    // The API answered before reading the whole body (a refused upload): the client's connection
    // still carries the rest, so it is closed after this reply rather than reused.
    if (!request.raw.complete) reply.header("connection", "close");
    return reply.code(response.statusCode ?? 502).send(response);
  }
  return sendGatewayRefusal(reply, 503);
}

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const next: IncomingHttpHeaders = { ...headers };
  const listed = typeof next.connection === "string" ? next.connection.split(",").map((h) => h.trim().toLowerCase()) : [];
  for (const name of [...HOP_BY_HOP, ...listed]) delete next[name];
  return next;
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
