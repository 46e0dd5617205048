import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { startWeb } from "./support";

/**
 * A signed-in visitor's first screen through the web server (web-server/first-screen.ts,
 * ADR-0198): drawn with their token, for them alone. The renderer here is a stand-in with the real
 * one's signature (test/unit/boot/signed-in-screen.test.tsx covers the real one), drawing the
 * account the API gives the token its calls carry, and the query the link chose.
 */
const RENDERER = `
export async function renderFirstScreen(hash, lang, callApi, visitor) {
  const reply = await callApi("GET", "/user/info");
  if (reply.code !== 0) return null;
  const html = visitor
    ? "<main>" + reply.data.name + " " + visitor.address + " " + hash + "</main>"
    : "<main>" + reply.data.name + " " + hash.repeat(100) + "</main>";
  return { html, state: { queries: [] }, images: [] };
}`;

const TOKENS = { alice: "a".repeat(43), bob: "b".repeat(43) } as const;
const ADDRESSES = { alice: `0x${"a1".repeat(20)}`, bob: `0x${"b2".repeat(20)}` } as const;

let stop: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of stop.reverse()) await close();
  stop = [];
});

/** An API that answers each token with its owner's account, slowly and in a shuffled order. */
async function accountsApi() {
  const seen: http.IncomingHttpHeaders[] = [];
  const server = http.createServer((req, res) => {
    seen.push(req.headers);
    const owner =
      req.headers.token === undefined ? "anyone" : Object.entries(TOKENS).find(([, token]) => token === req.headers.token)?.[0];
    setTimeout(() => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(owner ? { code: 0, data: { name: owner } } : { code: 401, msg: "api.relogin", data: null }));
    }, Math.random() * 20);
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)),
  );
  stop.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${port}`, seen };
}

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** GET from `from` (a loopback address of its own: the renderer counts renders per client). */
function get(url: string, headers: Record<string, string>, from = "127.0.0.1"): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { headers, localAddress: from }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on("error", reject);
    req.end();
  });
}

const screenOf = (base: string, hash: string) => `${base}/first-screen?hash=${encodeURIComponent(hash)}&lang=en`;
const as = (who: keyof typeof TOKENS) => ({ token: TOKENS[who], "x-pex-address": ADDRESSES[who], "accept-encoding": "br, gzip" });

describe("a signed-in visitor's first screen from the web server", () => {
  it("is drawn with their token and address, private, never stored and never compressed", async () => {
    const api = await accountsApi();
    const w = await startWeb(api.url, {}, { firstScreen: RENDERER });
    stop.push(w.close);
    const res = await get(screenOf(w.url, "#/pages/my/my"), as("alice"));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body).html).toBe(`<main>alice ${ADDRESSES.alice} #/pages/my/my</main>`);
    expect(res.headers["cache-control"]).toBe("private, no-store");
    // Their data beside the link's query, compressed, would let the reply's length tell the data.
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(api.seen.at(-1)!.token).toBe(TOKENS.alice);
    // A public screen is still compressed, and its API calls carry no session at all.
    const pub = await get(screenOf(w.url, "#/pages/index/index"), { "accept-encoding": "br", token: "short" });
    expect(pub.headers["content-encoding"]).toBe("br");
    expect(pub.headers["cache-control"]).toBe("no-store");
    expect(api.seen.at(-1)!.token).toBeUndefined();
  });

  it("is never served to another visitor: 50 renders of two visitors at once, each holding only its owner's data", async () => {
    const api = await accountsApi();
    const w = await startWeb(api.url, {}, { firstScreen: RENDERER });
    stop.push(w.close);
    const replies = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const who: keyof typeof TOKENS = i % 2 ? "alice" : "bob";
        // Each from an address of its own: the per-client share (2) would turn most away.
        return get(screenOf(w.url, "#/pages/assets/assets"), as(who), `127.0.0.${10 + i}`).then((r) => ({ who, r }));
      }),
    );
    for (const { who, r } of replies) {
      expect(r.status).toBe(200);
      const other = who === "alice" ? "bob" : "alice";
      expect(r.body).toContain(`${who} ${ADDRESSES[who]}`);
      expect(r.body).not.toContain(other);
      expect(r.body).not.toContain(ADDRESSES[other]);
    }
    // The same page for the same visitor twice is drawn twice: nothing of theirs is kept.
    const before = api.seen.length;
    await get(screenOf(w.url, "#/pages/assets/assets"), as("alice"));
    await get(screenOf(w.url, "#/pages/assets/assets"), as("alice"));
    expect(api.seen.length - before).toBe(2);
  });

  it("a token the API refuses, a token in the URL or a malformed one draws no signed-in screen", async () => {
    const api = await accountsApi();
    const w = await startWeb(api.url, {}, { firstScreen: RENDERER });
    stop.push(w.close);
    expect((await get(screenOf(w.url, "#/pages/my/my"), { token: "z".repeat(43) })).status).toBe(204);
    // In the URL it is no session: the screen is the public one, drawn without it.
    const inUrl = await get(`${screenOf(w.url, "#/pages/my/my")}&token=${TOKENS.alice}`, {});
    expect(inUrl.body).not.toContain("alice");
    expect(api.seen.at(-1)!.token).toBeUndefined();
    // A malformed token is no session either: it never reaches the API.
    await get(screenOf(w.url, "#/pages/my/my"), { token: "short" });
    expect(api.seen.at(-1)!.token).toBeUndefined();
  });
});
