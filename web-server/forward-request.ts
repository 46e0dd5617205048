import http, { type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import https from "node:https";
import type { Readable } from "node:stream";

/** Loopback or a private network: an upstream that has not connected by then is not there. */
const CONNECT_TIMEOUT_MS = 2000;
/** An upstream silent for this long (no header, no body byte) is given up; as long as uploads may take. */
const IDLE_TIMEOUT_MS = 300_000;

// Kept-alive connections: one TCP handshake per API process, not per call. Node closes an idle
// one before the API's own keep-alive timeout (it reads the Keep-Alive header), so a request is
// not sent on a connection the API is closing.
const agents = { "http:": new http.Agent({ keepAlive: true }), "https:": new https.Agent({ keepAlive: true }) };

export interface Attempt {
  origin: string;
  method: string;
  /** Path and query, as the client sent them. */
  path: string;
  headers: IncomingHttpHeaders;
  /** The request body, read only once the connection to this upstream is open. */
  body: Readable | null;
  /** The client went away: give up the upstream request. */
  signal: AbortSignal;
}

export type Outcome =
  | { kind: "answered"; response: IncomingMessage }
  /** The connection never opened: nothing of the request left this server, another upstream may take it. */
  | { kind: "unreached"; error: Error }
  /** The upstream took the request and then failed: it may have acted on it, so it is not sent again. */
  | { kind: "failed"; error: Error; timedOut: boolean };

/**
 * One request to one upstream. The body is piped only after the connection opens, so a failed
 * connect leaves it unread for the next upstream. Resolves once the response's headers arrive
 * (its body then streams to the client) or the attempt fails.
 */
export function forwardRequest(a: Attempt): Promise<Outcome> {
  return new Promise((resolve) => {
    const url = new URL(a.path, a.origin);
    const client = url.protocol === "https:" ? https : http;
    let connected = false;
    let timedOut = false;
    let settled = false;
    const settle = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const upstream = client.request(url, {
      method: a.method,
      // The upstream's own name, as a client of it would send; the client's is in X-Forwarded-Host.
      headers: { ...a.headers, host: url.host },
      agent: agents[url.protocol as keyof typeof agents],
      signal: a.signal,
    });
    upstream.on("socket", (socket) => {
      const opened = () => {
        connected = true;
        clearTimeout(connectTimer);
        if (a.body) a.body.pipe(upstream);
        else upstream.end();
      };
      const connectTimer = setTimeout(() => {
        const error = Object.assign(new Error(`connect to ${a.origin} timed out`), { code: "ETIMEDOUT" });
        upstream.destroy(error);
      }, CONNECT_TIMEOUT_MS);
      // A kept-alive socket is open already; a new one opens on "connect" (or "secureConnect").
      if (socket.connecting) socket.once(url.protocol === "https:" ? "secureConnect" : "connect", opened);
      else opened();
    });
    upstream.setTimeout(IDLE_TIMEOUT_MS, () => {
      timedOut = true;
      upstream.destroy(new Error(`${a.origin} sent nothing for ${IDLE_TIMEOUT_MS / 1000} s`));
    });
    upstream.on("response", (response) => settle({ kind: "answered", response }));
    upstream.on("error", (error) => {
      if (a.body && connected) a.body.unpipe(upstream);
      settle(connected ? { kind: "failed", error, timedOut } : { kind: "unreached", error });
    });
  });
}
