import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { startWeb } from "./support";

/**
 * Issue 25 §4, the attack on first-screen slots: renders run one at a time and at most 16 may
 * wait (src/boot/first-screen.tsx), so one client that keeps 16 slow renders waiting made every
 * other visitor get 204 and lose the server's screen. The stand-in renderer below keeps the real
 * one's rules (one render at a time, a 17th waiting gets none); its API answers product pages
 * above id 100 slowly, as a page the attacker found slow would.
 */
const RENDERER = `
let queue = Promise.resolve();
let waiting = 0;
export function renderFirstScreen(hash, lang, callApi) {
  if (waiting >= 16) return Promise.resolve(null);
  waiting += 1;
  const next = queue.then(async () => {
    const id = /id=(\\d+)/.exec(hash)?.[1] ?? "0";
    const reply = await callApi("POST", "/home/product/" + id, "{}");
    return { html: "<main>" + reply.data.title + " " + lang + "</main>", calls: [] };
  });
  queue = next.catch(() => undefined);
  return next.finally(() => { waiting -= 1; });
}`;

let stop: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of stop.reverse()) await close();
  stop = [];
});

async function slowApi() {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      seen.push(req.url ?? "");
      const id = Number(/\/(\d+)$/.exec(req.url ?? "")?.[1] ?? 0);
      setTimeout(
        () => {
          res.setHeader("content-type", "application/json");
          res.end(JSON.stringify({ code: 0, msg: "success", data: { id, title: `product ${id}` } }));
        },
        id >= 100 ? 300 : 0,
      );
    });
  });
  const port = await new Promise<number>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port)),
  );
  stop.push(() => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  });
  return { url: `http://127.0.0.1:${port}`, seen };
}

const screenPath = (hash: string, lang = "en") => `/first-screen?hash=${encodeURIComponent(hash)}&lang=${lang}`;

/** A first-screen request from `from` (a loopback source address), optionally claiming a forwarded client. */
function ask(webUrl: string, hash: string, opts: { from?: string; forwardedFor?: string; lang?: string } = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      `${webUrl}${screenPath(hash, opts.lang)}`,
      {
        localAddress: opts.from ?? "127.0.0.1",
        headers: opts.forwardedFor ? { "x-forwarded-for": opts.forwardedFor } : {},
        agent: false,
      },
      (res) => {
        let body = "";
        res.on("data", (c: Buffer) => (body += c.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("error", reject);
    req.end();
  });
}

async function stack(env: Record<string, string> = {}) {
  const api = await slowApi();
  const web = await startWeb(api.url, env, { firstScreen: RENDERER });
  stop.push(web.close);
  return { api, web };
}

const flood = (webUrl: string, opts: { from?: string; forwardedFor?: string }) =>
  Array.from({ length: 40 }, (_, i) => ask(webUrl, `#/pages/goods-detail/goods-detail?id=${100 + i}`, opts));

describe("one client's flood of first-screen requests", () => {
  it("leaves another client its screen", async () => {
    const { web } = await stack();
    const flooding = flood(web.url, { from: "127.0.0.1" });
    await new Promise((r) => setTimeout(r, 50));
    const other = await ask(web.url, "#/pages/goods-detail/goods-detail?id=7", { from: "127.0.0.2" });
    expect(other.status).toBe(200);
    expect(JSON.parse(other.body).html).toBe("<main>product 7 en</main>");
    const statuses = (await Promise.all(flooding)).map((r) => r.status);
    // The flooder itself gets a screen for a few of its requests and none for the rest.
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(4);
    expect(statuses.filter((s) => s === 204).length).toBeGreaterThanOrEqual(36);
  });

  it("cannot take a page's screen from everyone: a request turned away at the flooder's share is not kept for others", async () => {
    const { web } = await stack();
    // The flooder holds its share of slow renders, then asks for a page no one has asked for yet.
    const holding = [0, 1].map((i) => ask(web.url, `#/pages/goods-detail/goods-detail?id=${100 + i}`, { from: "127.0.0.1" }));
    await new Promise((r) => setTimeout(r, 50));
    const hash = "#/pages/goods-detail/goods-detail?id=9";
    expect((await ask(web.url, hash, { from: "127.0.0.1" })).status).toBe(204);
    // Within the second a screen is kept, another visitor asking for that page still gets it drawn.
    const other = await ask(web.url, hash, { from: "127.0.0.2" });
    expect(other.status).toBe(200);
    expect(JSON.parse(other.body).html).toBe("<main>product 9 en</main>");
    await Promise.all(holding);
  });

  it("is counted per client as a trusted proxy in front reports it (WEB_TRUST_PROXY)", async () => {
    const { web } = await stack({ WEB_TRUST_PROXY: "127.0.0.1" });
    const flooding = flood(web.url, { forwardedFor: "203.0.113.9" });
    await new Promise((r) => setTimeout(r, 50));
    const other = await ask(web.url, "#/pages/goods-detail/goods-detail?id=8", { forwardedFor: "203.0.113.10" });
    expect(other.status).toBe(200);
    await Promise.all(flooding);
  });
});

describe("a public first screen", () => {
  it("is drawn once a second for one page and language, however many ask", async () => {
    const { api, web } = await stack();
    const hash = "#/pages/goods-detail/goods-detail?id=5";
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => ask(web.url, hash, { from: `127.0.0.${2 + (i % 10)}` })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(api.seen).toEqual(["/base/api/home/product/5"]);
    // Another language, or the same page with another query, is another screen.
    expect((await ask(web.url, hash, { lang: "cn" })).status).toBe(200);
    expect((await ask(web.url, `${hash}&x=1`)).status).toBe(200);
    expect(api.seen).toHaveLength(3);
    await new Promise((r) => setTimeout(r, 1100));
    expect((await ask(web.url, hash)).status).toBe(200);
    expect(api.seen).toHaveLength(4);
  });
});
