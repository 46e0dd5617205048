import { Readable } from "node:stream";
import compress from "@fastify/compress";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { FIRST_SCREEN_PATH, type FirstScreenReply, type RenderFirstScreen } from "../domain/first-screen";
import { forwardedHeaders } from "./api-proxy";
import { forwardRequest } from "./forward-request";
import type { Upstream, Upstreams } from "./upstreams";

/**
 * A first screen is worth drawing only while the app's entry is still on its way, and the app's
 * scripts wait for it: an API slower than this (server to server, normally milliseconds) gets
 * the visitor none, and the app starts.
 */
const API_TIMEOUT_MS = 1000;
/** The largest API reply a first screen reads (a page of products is about 5 KB). */
const MAX_REPLY_BYTES = 1 << 20;

const querystring = {
  type: "object",
  properties: {
    hash: { type: "string", maxLength: 512 },
    lang: { type: "string", maxLength: 8 },
  },
  required: ["hash", "lang"],
} as const;

/**
 * `GET /first-screen?hash&lang` (docs/decisions.md, "First screen from the server"): a landing
 * page's first screen, `{ html, calls }`: the HTML of #root, drawn by the app's own components
 * (src/boot/first-screen.tsx) with the data the API gives this client, and those calls with
 * their replies, which the app then takes instead of asking again; 204 when there is none
 * (another page, no renderer in this build, the API not answering). Never cached: it shows
 * prices and stock as they are now.
 */
export async function firstScreen(
  web: FastifyInstance,
  opts: { render: RenderFirstScreen | null; upstreams: Upstreams; apiPrefix: string },
) {
  await web.register(compress, { global: true, encodings: ["br", "gzip"] });
  web.get<{ Querystring: { hash: string; lang: string } }>(
    FIRST_SCREEN_PATH,
    { schema: { querystring } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const { render } = opts;
      if (!render) return reply.code(204).send();
      const { hash, lang } = request.query;
      const call = (method: "GET" | "POST", path: string, body?: string) =>
        callApi(opts.upstreams, request, { method, path: `${opts.apiPrefix}${path}`, body });
      const screen = await render(hash, lang, call).catch((err: unknown) => {
        request.log.warn({ err }, "first screen not drawn");
        return null;
      });
      if (screen === null) return reply.code(204).send();
      return reply.type("application/json; charset=utf-8").send(JSON.stringify(screen));
    },
  );
}

/**
 * One API call on behalf of the client that asked for the screen: with its address in
 * X-Forwarded-For, as the proxy sends it, so the API's per-client limits count it as that
 * client's. An upstream that cannot be reached is skipped as the proxy skips it.
 */
async function callApi(
  upstreams: Upstreams,
  request: FastifyRequest,
  call: { method: "GET" | "POST"; path: string; body?: string },
): Promise<FirstScreenReply> {
  const headers = forwardedHeaders(request, {
    accept: "application/json",
    ...(call.body === undefined ? {} : { "content-type": "application/json" }),
  });
  const signal = AbortSignal.timeout(API_TIMEOUT_MS);
  const tried = new Set<Upstream>();
  for (let upstream = upstreams.pick(); upstream; upstream = upstreams.pick(tried)) {
    tried.add(upstream);
    const outcome = await forwardRequest({
      origin: upstream.url,
      method: call.method,
      path: call.path,
      headers,
      body: call.body === undefined ? null : Readable.from([Buffer.from(call.body)]),
      signal,
    });
    if (outcome.kind === "unreached") {
      upstreams.markDead(upstream, `${(outcome.error as NodeJS.ErrnoException).code ?? outcome.error.message}`);
      continue;
    }
    if (outcome.kind === "failed") throw outcome.error;
    let size = 0;
    const chunks: Buffer[] = [];
    for await (const chunk of outcome.response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_REPLY_BYTES) throw new Error(`the API's reply to ${call.path} is larger than a first screen reads`);
      chunks.push(chunk);
    }
    return JSON.parse(Buffer.concat(chunks).toString("utf8")) as FirstScreenReply;
  }
  throw new Error("no API upstream is live");
}
