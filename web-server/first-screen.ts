import compress from "@fastify/compress";
import type { FastifyInstance, FastifyRequest } from "fastify";
import {
  FIRST_SCREEN_ADDRESS_HEADER,
  FIRST_SCREEN_PATH,
  type FirstScreen,
  type FirstScreenReply,
  type FirstScreenVisitor,
  type RenderFirstScreen,
} from "../domain/first-screen";
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
    wallet: { type: "string", enum: ["1"] },
  },
  required: ["hash", "lang"],
} as const;

/** A session token as the API issues them (hex), and an address: anything else is no visitor. */
const TOKEN = /^[A-Za-z0-9._-]{16,128}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * The signed-in visitor a request comes from: the API's own `token` header, which the boot script
 * sends (never in the URL), and the address their browser holds; null without a token.
 */
function visitorOf(request: FastifyRequest): FirstScreenVisitor | null {
  const token = request.headers.token;
  if (typeof token !== "string" || !TOKEN.test(token)) return null;
  const address = request.headers[FIRST_SCREEN_ADDRESS_HEADER];
  return { token, address: typeof address === "string" && ADDRESS.test(address) ? address : null };
}

/**
 * `GET /first-screen?hash&lang` (ADR-0194, "One data path for the landing pages"): a landing
 * page's first screen, `{ html, state, images }`: the HTML of #root, drawn by the app's own tree
 * (src/boot/first-screen.tsx) with the data the API gives this client, that data as the render's
 * query cache held it (dehydrated), which the app hydrates instead of asking again, and the
 * images to preload; 204 when there is none
 * (another page, no renderer in this build, the API not answering). Never cached: it shows
 * prices and stock as they are now.
 *
 * A request with a session (ADR-0198) gets the screen of that visitor: their API calls carry
 * their token, it is drawn for them alone (never kept, never shared), `private, no-store`, and
 * never compressed: a compressed reply holding their data beside text an attacker chose (the
 * link's query) would let its length tell the data (BREACH).
 */
export async function firstScreen(
  web: FastifyInstance,
  opts: { render: RenderFirstScreen | null; upstreams: Upstreams; apiPrefix: string },
) {
  // Not global: only a public screen is compressed (reply.compress below).
  await web.register(compress, { global: false, encodings: ["br", "gzip"] });
  const screens = new PublicScreens();
  web.get<{ Querystring: { hash: string; lang: string; wallet?: "1" } }>(
    FIRST_SCREEN_PATH,
    { schema: { querystring } },
    async (request, reply) => {
      const visitor = visitorOf(request);
      reply.header("cache-control", visitor ? "private, no-store" : "no-store");
      const { render } = opts;
      if (!render) return reply.code(204).send();
      const { hash, lang, wallet } = request.query;
      const browser = { injectedWallet: wallet === "1" };
      const draw = () => {
        const call = (method: "GET" | "POST", path: string, body?: string) =>
          callApi(opts.upstreams, request, { method, path: `${opts.apiPrefix}${path}`, body, token: visitor?.token });
        return render(hash, lang, call, visitor, browser).catch((err: unknown) => {
          request.log.warn({ err }, "first screen not drawn");
          return null;
        });
      };
      const screen = visitor
        ? await screens.drawPrivately(request.ip, draw)
        : await screens.get(`${lang}\n${wallet ?? ""}\n${hash}`, request.ip, draw);
      if (screen === null) return reply.code(204).send();
      reply.type("application/json; charset=utf-8");
      const body = JSON.stringify(screen);
      return visitor ? reply.send(body) : reply.compress(body);
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
  call: { method: "GET" | "POST"; path: string; body?: string; token?: string },
): Promise<FirstScreenReply> {
  // Built from nothing of the client's but its address (and, for a signed-in visitor's screen,
  // its token): no other header of theirs reaches the API this way.
  const headers = forwardedHeaders(request, {
    accept: "application/json",
    ...(call.body === undefined ? {} : { "content-type": "application/json" }),
    ...(call.token === undefined ? {} : { token: call.token }),
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
 * First screens: a public page's (drawn from what the API gives anyone: callApi sends no session)
 * kept for a second under its whole hash and language, so a crowd on one page costs one render a
 * second; a signed-in visitor's (`drawPrivately`) kept nowhere. At most RENDERS_PER_CLIENT renders
 * under way per client address (`request.ip`, so behind a trusted TLS terminator the address it
 * reports): one client can no longer fill the renderer's waiting line (16) and leave every other
 * visitor without a screen. A screen that depends on a session must never go through `get`.
 */
class PublicScreens {
  private readonly kept = new Map<string, { until: number; screen: Promise<FirstScreen | null> }>();
  private readonly underWay = new Map<string, number>();

  get(key: string, client: string, draw: () => Promise<FirstScreen | null>): Promise<FirstScreen | null> {
    const now = Date.now();
    const hit = this.kept.get(key);
    if (hit && hit.until > now) return hit.screen;
    // Turned away at this client's share: not kept, or a client holding its share of slow renders
    // could take each page's screen from every other visitor, a second at a time.
    if (this.atShare(client)) return Promise.resolve(null);
    const screen = this.drawPrivately(client, draw);
    this.keep(key, now, screen);
    return screen;
  }

  /** A render counted against the client's share, and kept nowhere (a signed-in visitor's). */
  drawPrivately(client: string, draw: () => Promise<FirstScreen | null>): Promise<FirstScreen | null> {
    if (this.atShare(client)) return Promise.resolve(null);
    const mine = this.underWay.get(client) ?? 0;
    this.underWay.set(client, mine + 1);
    return draw().finally(() => {
      const left = (this.underWay.get(client) ?? 1) - 1;
      if (left === 0) this.underWay.delete(client);
      else this.underWay.set(client, left);
    });
  }

  private atShare(client: string): boolean {
    return (this.underWay.get(client) ?? 0) >= RENDERS_PER_CLIENT;
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
