import replyFrom from "@fastify/reply-from";
import type { FastifyInstance, FastifyReply, FastifyRequest, RawServerBase, RequestGenericInterface } from "fastify";
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { sendGatewayRefusal } from "./gateway-refusal";
import { neverConnected, type Upstream, type Upstreams, upstreamUrl } from "./upstreams";

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

/** Loopback or a private network: an upstream that has not connected by then is not there. */
const CONNECT_TIMEOUT_MS = 2000;
/** An upstream silent for this long (no header, no body byte) is given up; as long as uploads may take. */
const IDLE_TIMEOUT_MS = 300_000;

/**
 * `/base/api/*` forwarded to an API process by `@fastify/reply-from` (ADR-0191,
 * "Request targets and forwarding on reply-from"): method, path, query, body streamed and headers as they came, except
 * the forwarding headers, which this server writes itself: X-Forwarded-For is REPLACED by the
 * client's address as this server knows it (the connection's, or what a proxy it trusts
 * reported), never appended to, so the API, which trusts this server, can key its per-client
 * limits on it. The API's replies come back unchanged (no compression either: this plugin's
 * context registers none, and a login reply carries a session token beside attacker-chosen input,
 * which compressed is BREACH).
 *
 * The request target was checked before routing (request-target.ts), and the upstream URL's
 * origin is asserted to be the chosen upstream's (`upstreamUrl`), so no request reaches anything
 * but an API process. With several API processes (ADR-0158, "Several API processes") each
 * request goes to the next live one; one that cannot be connected to is marked dead and the
 * request goes to the next, which is safe because nothing of it reached the dead one. Once a
 * process has taken a request it is never sent again: a POST may have been carried out. That
 * decision is ours, not reply-from's: its own retries are off.
 */
export async function apiProxy(web: FastifyInstance, opts: { upstreams: Upstreams; prefix: string }) {
  const { upstreams } = opts;
  // The body is streamed through, never parsed here: the API parses and limits it.
  web.removeAllContentTypeParsers();
  web.addContentTypeParser("*", (_request, payload, done) => done(null, payload));
  await web.register(replyFrom, {
    undici: { connect: { timeout: CONNECT_TIMEOUT_MS }, headersTimeout: IDLE_TIMEOUT_MS, bodyTimeout: IDLE_TIMEOUT_MS },
    retryMethods: [],
    disableRequestLogging: true,
    destroyAgent: true,
  });

  const handler = (request: FastifyRequest, reply: FastifyReply) => {
    const body = request.body === undefined ? null : request.raw;
    return forward(upstreams, { request, reply, body, tried: new Set() });
  };
  web.route({ method: METHODS, url: opts.prefix, handler });
  web.route({ method: METHODS, url: `${opts.prefix}/*`, handler });
}

interface Forwarding {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The client's request body, when it has one: read by one attempt only. */
  body: IncomingMessage | null;
  tried: Set<Upstream>;
}

function forward(upstreams: Upstreams, f: Forwarding): FastifyReply {
  const { request, reply } = f;
  const upstream = upstreams.pick(f.tried);
  if (!upstream) return sendGatewayRefusal(reply, 503);
  f.tried.add(upstream);
  const url = upstreamUrl(upstream, request.url);
  const attempt = f.body ? bodyForOneAttempt(f.body) : null;
  // reply-from sends `request.body` when it is a stream.
  if (attempt) request.body = attempt.stream;
  // The path alone: reply-from takes the query from the request as it came (its own dot-segment
  // check reads the whole source, and a query may hold "../" as data).
  return reply.from(url.pathname, {
    getUpstream: () => upstream.url,
    rewriteRequestHeaders: (req, headers) => forwardedHeaders(req, withoutHopByHop(headers)),
    rewriteHeaders: (headers) => withoutHopByHop(headers),
    // `reply` is the one reply-from hands to onError too.
    onError: (_reply, { error }) => {
      const unreached = neverConnected(error);
      if (unreached) {
        // Only this upstream was addressed (its URL's origin was asserted above), so only it is marked.
        upstreams.markDead(upstream, unreached);
        if (!attempt?.started()) return void forward(upstreams, f);
      }
      if (!request.raw.destroyed) request.log.warn({ err: error, upstream: upstream.url }, "API upstream failed");
      // A body the client is still sending: the connection is closed after this answer.
      if (!request.raw.complete) reply.header("connection", "close");
      const timedOut = (error as { statusCode?: number }).statusCode === 504 && !unreached;
      return void sendGatewayRefusal(reply, timedOut ? 504 : 502);
    },
  });
}

/**
 * The client's body as one attempt's stream, reading nothing from the client until the upstream
 * asks for it. undici asks only once connected, and destroys a body on any failure: a failed
 * connect then destroys this stream alone, and the client's body, still unread, goes to the next
 * upstream whole.
 */
function bodyForOneAttempt(body: IncomingMessage): { stream: Readable; started: () => boolean } {
  let started = false;
  const onData = (chunk: Buffer) => {
    if (!stream.push(chunk)) body.pause();
  };
  const onEnd = () => stream.push(null);
  const onError = (err: Error) => stream.destroy(err);
  const stream = new Readable({
    read() {
      if (!started) {
        started = true;
        body.on("data", onData).once("end", onEnd).once("error", onError);
      }
      body.resume();
    },
    destroy(err, callback) {
      body.off("data", onData).off("end", onEnd).off("error", onError);
      callback(err);
    },
  });
  return { stream, started: () => started };
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
