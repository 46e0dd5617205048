import http, { type IncomingMessage, type ServerResponse } from "node:http";
import https from "node:https";
import type { Duplex } from "node:stream";
import type { FastifyServerFactory } from "fastify";
import { gatewayRefusalBody } from "./gateway-refusal";

/**
 * The one path with an empty segment that is allowed: the specification's upload route (§7,
 * `POST /base/api/user//upload`), written that way by the clients it names. It is a fixed path
 * in the middle of which `//` resolves to nothing else; a leading `//host` is always refused.
 */
const EMPTY_SEGMENT_ROUTES = new Set(["/base/api/user//upload"]);

/**
 * Whether a request target is plain origin-form (RFC 9112 §3.2.1): a path from the root, with
 * nothing in it that a URL parser or an upstream could resolve differently from how it reads.
 * Refused: the absolute form (`http://host/…`, which Fastify's router would strip to its path and
 * a proxy would follow to `host`), the authority and asterisk forms, a scheme-relative `//host`,
 * dot segments, their encodings (`%2e`), encoded separators (`%2f`, `%5c`), backslashes (which
 * WHATWG URL parsers read as `/`), empty segments (but the specification's upload route) and a
 * fragment. The query is not looked at: it is data, never resolved as a path.
 */
export function isPlainOriginForm(target: string): boolean {
  if (!target.startsWith("/") || target.startsWith("//")) return false;
  const query = target.indexOf("?");
  const path = query === -1 ? target : target.slice(0, query);
  if (/[\\#]|%2e|%2f|%5c/i.test(path)) return false;
  if (path.includes("//") && !EMPTY_SEGMENT_ROUTES.has(path)) return false;
  return !path.split("/").some((segment) => segment === "." || segment === "..");
}

/** 400 `api.badUrl`, in the language the request asks for. */
function refuse(req: IncomingMessage, res: ServerResponse): void {
  const body = gatewayRefusalBody(400, req.headers["accept-language"]);
  res.writeHead(400, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    vary: "Accept-Language",
    connection: "close",
  });
  res.end(body);
}

/**
 * The web server's listener, with every request target checked before Fastify routes it
 * (Fastify's `serverFactory`): a target that is not plain origin-form gets 400 and reaches no
 * route, no proxy and no upstream. CONNECT (authority-form), which Node hands to a `connect`
 * listener instead of the request handler, gets 400 on its socket.
 */
export function guardedServer(
  tls: { cert: Buffer; key: Buffer } | null,
  timeouts: { requestTimeout: number },
): FastifyServerFactory {
  return (handler) => {
    const guarded = (req: IncomingMessage, res: ServerResponse) =>
      isPlainOriginForm(req.url ?? "") ? handler(req, res) : refuse(req, res);
    const server = tls ? https.createServer({ cert: tls.cert, key: tls.key }, guarded) : http.createServer(guarded);
    // What Fastify sets on a server it creates itself (it leaves a factory's alone).
    server.requestTimeout = timeouts.requestTimeout;
    server.keepAliveTimeout = 72_000;
    server.on("connect", (req: IncomingMessage, socket: Duplex) => {
      const body = gatewayRefusalBody(400, req.headers["accept-language"]);
      socket.end(
        `HTTP/1.1 400 Bad Request\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nvary: Accept-Language\r\nconnection: close\r\n\r\n${body}`,
      );
    });
    return server;
  };
}
