import http from "node:http";
import zlib from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { request, startWeb } from "./support";

/**
 * `GET /first-screen` (web-server/first-screen.ts): the web server runs the build's renderer
 * (here a stand-in with the real one's signature; test/unit/boot covers the real one, the browser
 * suite both together) and answers its API calls from an upstream, as the client's proxy would.
 */
const RENDERER = `
export async function renderFirstScreen(hash, lang, callApi) {
  if (hash === "#/none") return null;
  if (hash === "#/throws") throw new Error("could not draw");
  const reply = await callApi("POST", "/home/product/1", "{}");
  const html = '<main lang="' + lang + '">' + reply.data.title + "</main>";
  return { html, calls: [{ method: "POST", path: "/home/product/1", body: "{}", reply }] };
}`;

interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

let stop: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of stop.reverse()) await close();
  stop = [];
});

/** An API stand-in that records each call and answers one product. */
async function fakeApi(title: string) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      seen.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ code: 0, msg: "success", data: { id: 1, title } }));
    });
  });
  const host = await new Promise<string>((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve(`127.0.0.1:${(server.address() as { port: number }).port}`)),
  );
  stop.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { url: `http://${host}`, seen };
}

/** `renderer` null: a build without one. */
async function web(upstream: string, renderer: string | null = RENDERER) {
  const w = await startWeb(upstream, {}, { firstScreen: renderer ?? undefined });
  stop.push(w.close);
  return w;
}

const path = (hash: string, lang = "cn") => `/first-screen?hash=${encodeURIComponent(hash)}&lang=${lang}`;

describe("a landing page's first screen from the web server", () => {
  it("is the renderer's screen, drawn from the API's reply to a call made as the client, with that reply", async () => {
    const title = "精选铝合金锭 6061 ".repeat(100);
    const api = await fakeApi(title);
    const w = await web(api.url);
    const res = await request(`${w.url}${path("#/pages/goods-detail/goods-detail?id=1")}`, {
      headers: { "accept-encoding": "br", "x-forwarded-for": "198.51.100.7" },
    });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.headers["content-security-policy"]).toContain("script-src 'self'");
    expect(res.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(zlib.brotliDecompressSync(res.body).toString())).toEqual({
      html: `<main lang="cn">${title}</main>`,
      calls: [
        { method: "POST", path: "/home/product/1", body: "{}", reply: { code: 0, msg: "success", data: { id: 1, title } } },
      ],
    });
    // The call went to the API under its prefix, with the client's real address, not the one it claimed.
    expect(api.seen).toHaveLength(1);
    expect(api.seen[0]).toMatchObject({ method: "POST", url: "/base/api/home/product/1", body: "{}" });
    expect(api.seen[0]!.headers["content-type"]).toBe("application/json");
    expect(api.seen[0]!.headers["x-forwarded-for"]).toBe("127.0.0.1");
  });

  it("is 204 when there is none: the renderer draws nothing, fails, the API is silent or cannot be reached", async () => {
    const api = await fakeApi("x");
    const w = await web(api.url);
    expect((await request(`${w.url}${path("#/none")}`)).status).toBe(204);
    expect((await request(`${w.url}${path("#/throws")}`)).status).toBe(204);
    expect(api.seen).toHaveLength(0);

    // An API that takes the call and never answers: the screen is given up, not waited for.
    const silent = http.createServer(() => undefined);
    const silentPort = await new Promise<number>((resolve) =>
      silent.listen(0, "127.0.0.1", () => resolve((silent.address() as { port: number }).port)),
    );
    stop.push(async () => {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    });
    const stuck = await web(`http://127.0.0.1:${silentPort}`);
    expect((await request(`${stuck.url}${path("#/")}`)).status).toBe(204);

    // Nothing listens on the discard port: the upstream is refused, as a dead API process is.
    const down = await web("http://127.0.0.1:9");
    const res = await request(`${down.url}${path("#/")}`);
    expect(res.status).toBe(204);
    expect(res.body.length).toBe(0);
  });

  it("is 204 from a build without a renderer, and a 400 for a request without its page or language", async () => {
    const api = await fakeApi("x");
    const w = await web(api.url, null);
    expect((await request(`${w.url}${path("#/")}`)).status).toBe(204);
    const withRenderer = await web(api.url);
    expect((await request(`${withRenderer.url}/first-screen?lang=en`)).status).toBe(400);
    expect((await request(`${withRenderer.url}/first-screen?hash=%23%2F`)).status).toBe(400);
    expect((await request(`${withRenderer.url}${path(`#/${"a".repeat(600)}`)}`)).status).toBe(400);
    expect(api.seen).toHaveLength(0);
  });
});
