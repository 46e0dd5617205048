import compress from "@fastify/compress";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { FIRST_SCREEN_PATH, type FirstScreen, type FirstScreenReply, type RenderFirstScreen } from "../domain/first-screen";
import { forwardedHeaders } from "./api-proxy";
import { neverConnected, type Upstream, type Upstreams, upstreamUrl } from "./upstreams";

/**
 * A first screen is worth drawing only while the app's entry is still on its way, and the app's
 * scripts wait for it: an API slower than this (server to server, normally milliseconds) gets
 * the visitor none, and the app starts.
 */
const API_TIMEOUT_MS = 1000;
/** The largest API reply a first screen reads (a page of products is about 5 KB). */
const MAX_REPLY_BYTES = 1 << 20;
/** How long a drawn screen is given to everyone who asks for the same page in the same language. */
const SCREEN_KEPT_MS = 1000;
/** Screens kept at most (a key is up to 520 characters): beyond, the oldest go first. */
const MAX_KEPT_SCREENS = 1000;
/** Renders one client may have under way: a visitor's page load asks for one. */
const RENDERS_PER_CLIENT = 2;

const querystring = {
  type: "object",
  properties: {
    hash: { type: "string", maxLength: 512 },
    lang: { type: "string", maxLength: 8 },
  },
  required: ["hash", "lang"],
} as const;

/**
 * `GET /first-screen?hash&lang` (ADR-0194, "One data path for the landing pages"): a landing
 * page's first screen, `{ html, state, images }`: the HTML of #root, drawn by the app's own tree
 * (src/boot/first-screen.tsx) with the data the API gives this client, that data as the render's
 * query cache held it (dehydrated), which the app hydrates instead of asking again, and the
 * images to preload; 204 when there is none
 * (another page, no renderer in this build, the API not answering). Never cached: it shows
 * prices and stock as they are now.
 */
export async function firstScreen(
  web: FastifyInstance,
  opts: { render: RenderFirstScreen | null; upstreams: Upstreams; apiPrefix: string },
) {
  await web.register(compress, { global: true, encodings: ["br", "gzip"] });
  const screens = new PublicScreens();
  web.get<{ Querystring: { hash: string; lang: string } }>(
    FIRST_SCREEN_PATH,
    { schema: { querystring } },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      const { render } = opts;
      if (!render) return reply.code(204).send();
      const { hash, lang } = request.query;
      const screen = await screens.get(`${lang}\n${hash}`, request.ip, () => {
        const call = (method: "GET" | "POST", path: string, body?: string) =>
          callApi(opts.upstreams, request, { method, path: `${opts.apiPrefix}${path}`, body });
        return render(hash, lang, call).catch((err: unknown) => {
          request.log.warn({ err }, "first screen not drawn");
          return null;
        });
      });
      if (screen === null) return reply.code(204).send();
      return reply.type("application/json; charset=utf-8").send(JSON.stringify(screen));
    },
  );
}

/**
 * One API call on behalf of the client that asked for the screen, the way the proxy sends one:
 * to the next live upstream, at a URL whose origin is asserted to be that upstream's, with the
 * client's address in X-Forwarded-For, so the API's per-client limits count it as that client's.
 * An upstream that could not be connected to is marked dead and skipped, as the proxy does.
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
    const response = await fetch(upstreamUrl(upstream, call.path), {
      method: call.method,
      headers: headers as Record<string, string>,
      body: call.body,
      signal,
      redirect: "manual",
    }).catch((error: unknown) => {
      const unreached = neverConnected(error);
      if (!unreached) throw error;
      upstreams.markDead(upstream, unreached);
      return null;
    });
    if (!response) continue;
    return JSON.parse(await readAtMost(response, MAX_REPLY_BYTES, call.path)) as FirstScreenReply;
  }
  throw new Error("no API upstream is live");
}

/** A reply's body as text, refused once it grows past `limit` bytes (never read whole first). */
async function readAtMost(response: Response, limit: number, path: string): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body?.getReader();
  for (let part = await reader?.read(); part && !part.done; part = await reader!.read()) {
    size += part.value.length;
    if (size > limit) {
      await reader!.cancel();
      throw new Error(`the API's reply to ${path} is larger than a first screen reads`);
    }
    chunks.push(part.value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * First screens of public pages (drawn from what the API gives anyone: no session ever reaches a
 * render, callApi sends none), each kept for a second under its whole hash and language, so a
 * crowd on one page costs one render a second; and at most RENDERS_PER_CLIENT renders under way
 * per client address (`request.ip`, so behind a trusted TLS terminator the address it reports):
 * one client can no longer fill the renderer's waiting line (16) and leave every other visitor
 * without a screen. A screen that depends on a session must never go through here.
 */
class PublicScreens {
  private readonly kept = new Map<string, { until: number; screen: Promise<FirstScreen | null> }>();
  private readonly underWay = new Map<string, number>();

  get(key: string, client: string, draw: () => Promise<FirstScreen | null>): Promise<FirstScreen | null> {
    const now = Date.now();
    const hit = this.kept.get(key);
    if (hit && hit.until > now) return hit.screen;
    const mine = this.underWay.get(client) ?? 0;
    if (mine >= RENDERS_PER_CLIENT) return Promise.resolve(null);
    this.underWay.set(client, mine + 1);
    const screen = draw().finally(() => {
      const left = (this.underWay.get(client) ?? 1) - 1;
      if (left === 0) this.underWay.delete(client);
      else this.underWay.set(client, left);
    });
    this.keep(key, now, screen);
    return screen;
  }

  private keep(key: string, now: number, screen: Promise<FirstScreen | null>): void {
    this.kept.delete(key);
    if (this.kept.size >= MAX_KEPT_SCREENS) {
      for (const [k, v] of this.kept) if (v.until <= now) this.kept.delete(k);
      // Still full: the oldest entry goes (a Map iterates in insertion order).
      if (this.kept.size >= MAX_KEPT_SCREENS) this.kept.delete(this.kept.keys().next().value!);
    }
    this.kept.set(key, { until: now + SCREEN_KEPT_MS, screen });
  }
}
