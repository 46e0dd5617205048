import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { closedPort, startWeb } from "./support";

/**
 * Issue 25 §1, the attack: HTTP/1.1 lets a client send an absolute-form request target
 * (`POST http://127.0.0.1:8545/base/api/../../`). The web server's router strips the origin and
 * hands the request to the `/base/api` proxy, which built the upstream URL with
 * `new URL(request.url, upstream)`: that keeps the attacker's origin and resolves dot segments,
 * so a stranger on the web port read `eth_accounts` from the chain node and reached any host the
 * web server can. Here everything goes over a raw TCP connection, as an attacker's would.
 */

interface StandIn {
  url: string;
  port: number;
  hits: string[];
  close(): Promise<void>;
}

/** A server the web server must never forward to: it records every request it gets. */
async function standIn(answer: (body: string) => unknown): Promise<StandIn> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      hits.push(`${req.method} ${req.url}`);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(answer(body)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    hits,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The chain node's stand-in: a JSON-RPC endpoint that lists its unlocked accounts to anyone. */
const CHAIN_ACCOUNTS = ["0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266"];
const chainNode = () =>
  standIn((body) => {
    const call = JSON.parse(body || "{}") as { id?: number; method?: string };
    return { jsonrpc: "2.0", id: call.id ?? 1, result: call.method === "eth_accounts" ? CHAIN_ACCOUNTS : null };
  });

/** The API's stand-in: answers everything under /base/api with the path it was asked for. */
const api = () => standIn(() => ({ code: 0, msg: "success", data: "api" }));

/** Sends `head` (and `body`) as written, over a fresh TCP connection; resolves with all it got back. */
function raw(webUrl: string, head: string, body = ""): Promise<{ status: number; text: string }> {
  const { hostname, port } = new URL(webUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    let text = "";
    socket.setTimeout(5000, () => socket.destroy(new Error(`no answer to ${head.split("\r\n")[0]}`)));
    socket.on("data", (chunk: Buffer) => (text += chunk.toString("latin1")));
    socket.on("error", reject);
    socket.on("close", () => {
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, text });
    });
    const length = body === "" ? "" : `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n`;
    socket.write(`${head}\r\nHost: shop.example\r\nConnection: close\r\n${length}\r\n${body}`);
  });
}

const ETH_ACCOUNTS = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_accounts", params: [] });

let stop: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of stop.reverse()) await close();
  stop = [];
});

async function stack() {
  const chain = await chainNode();
  const internal = await api();
  const upstream = await api();
  const web = await startWeb(upstream.url);
  stop.push(chain.close, internal.close, upstream.close, web.close);
  return { chain, internal, upstream, web };
}

describe("forged request targets at the web port", () => {
  it("an absolute-form target at the chain node's port gets 400 and never reaches the node", async () => {
    const { chain, upstream, web } = await stack();
    for (const target of [
      `http://127.0.0.1:${chain.port}/base/api/../../`,
      `http://127.0.0.1:${chain.port}/base/api/`,
      `http://127.0.0.1:${chain.port}/`,
    ]) {
      const res = await raw(web.url, `POST ${target} HTTP/1.1`, ETH_ACCOUNTS);
      expect(res.status, target).toBe(400);
      expect(res.text).not.toContain(CHAIN_ACCOUNTS[0]);
    }
    expect(chain.hits).toEqual([]);
    expect(upstream.hits).toEqual([]);
  });

  it("an absolute-form target at another internal server gets 400 and reaches nothing", async () => {
    const { internal, upstream, web } = await stack();
    for (const method of ["GET", "POST", "DELETE"]) {
      const res = await raw(web.url, `${method} http://127.0.0.1:${internal.port}/base/api/admin HTTP/1.1`);
      expect(res.status, method).toBe(400);
    }
    // The absolute form naming the web server's own origin is refused too: only origin-form is taken.
    const own = await raw(web.url, `GET ${web.url}/base/api/user/nonce HTTP/1.1`);
    expect(own.status).toBe(400);
    expect(internal.hits).toEqual([]);
    expect(upstream.hits).toEqual([]);
  });

  it("dot segments, encoded dots and separators, backslashes and // get 400 before any routing", async () => {
    const { chain, internal, upstream, web } = await stack();
    const targets = [
      "/base/api/../../etc/passwd",
      "/base/api/./user/nonce",
      "/base/api/user/..",
      "/base/api/%2e%2e/%2e%2e/",
      "/base/api/%2E%2e/admin",
      "/base/api/.%2e/admin",
      "/base/api/user%2f..%2fadmin",
      "/base/api/user%2Fnonce",
      "/base/api/user%5cnonce",
      "/base/api/user\\..\\admin",
      `//127.0.0.1:${chain.port}/base/api/`,
      `//127.0.0.1:${internal.port}/`,
      "/base/api//user/nonce",
      "/assets/..%2f..%2fserver.ts",
      "/../index.html",
    ];
    for (const target of targets) {
      const res = await raw(web.url, `GET ${target} HTTP/1.1`);
      expect(res.status, target).toBe(400);
    }
    expect(chain.hits).toEqual([]);
    expect(internal.hits).toEqual([]);
    expect(upstream.hits).toEqual([]);
  });

  it("authority-form (CONNECT) and asterisk-form get 400 and reach nothing", async () => {
    const { chain, upstream, web } = await stack();
    const connect = await raw(web.url, `CONNECT 127.0.0.1:${chain.port} HTTP/1.1`);
    expect(connect.status).toBe(400);
    const asterisk = await raw(web.url, "OPTIONS * HTTP/1.1");
    expect(asterisk.status).toBe(400);
    expect(chain.hits).toEqual([]);
    expect(upstream.hits).toEqual([]);
  });

  it("ordinary targets still reach the API, query strings untouched", async () => {
    const { upstream, web } = await stack();
    const res = await raw(web.url, "GET /base/api/user/nonce?next=../a%2Fb HTTP/1.1");
    expect(res.status).toBe(200);
    const post = await raw(web.url, "POST /base/api/user/login HTTP/1.1", "{}");
    expect(post.status).toBe(200);
    // The specification's upload route keeps its double slash (§7); no other path may have one.
    const upload = await raw(web.url, "POST /base/api/user//upload HTTP/1.1", "{}");
    expect(upload.status).toBe(200);
    expect((await raw(web.url, "POST /base/api/user//uploads HTTP/1.1", "{}")).status).toBe(400);
    expect(upstream.hits).toEqual([
      "GET /base/api/user/nonce?next=../a%2Fb",
      "POST /base/api/user/login",
      "POST /base/api/user//upload",
    ]);
  });

  it("a burst of forged targets at a closed port leaves the API marked live: ≥ 99 % of ordinary calls are served", async () => {
    const { upstream, web } = await stack();
    const closed = await closedPort();
    const forged = Array.from({ length: 200 }, (_, i) =>
      raw(web.url, `POST http://127.0.0.1:${closed}/base/api/x${i} HTTP/1.1`, "{}").catch(() => ({ status: 0, text: "" })),
    );
    const ordinary: Promise<number>[] = [];
    for (let i = 0; i < 200; i++) {
      ordinary.push(
        raw(web.url, `GET /base/api/user/nonce?i=${i} HTTP/1.1`).then(
          (r) => r.status,
          () => 0,
        ),
      );
      if (i % 20 === 0) await new Promise((r) => setTimeout(r, 5));
    }
    const forgedStatuses = (await Promise.all(forged)).map((r) => r.status);
    const statuses = await Promise.all(ordinary);
    expect(statuses.filter((s) => s === 200).length / statuses.length).toBeGreaterThanOrEqual(0.99);
    expect(forgedStatuses.every((s) => s === 400)).toBe(true);
    expect(upstream.hits.filter((h) => h.startsWith("POST"))).toEqual([]);
  });
});
