import http from "node:http";
import type { AddressInfo } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { apiProxy } from "../../../web-server/api-proxy";
import { Upstreams } from "../../../web-server/upstreams";
import { closedPort } from "./support";

/**
 * "Another replica only when the request never reached the first" (issue 25 §1): reply-from does
 * not retry a streamed body by itself, so the proxy decides. Here the upstream list starts with a
 * closed port and no probe has run, so the first attempt of every request fails to connect.
 */
let stop: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of stop.reverse()) await close();
  stop = [];
});

/** An API stand-in that echoes the body it received and counts requests. */
async function echoApi() {
  const received: string[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      received.push(`${req.method} ${req.url} ${body}`);
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ code: 0, data: body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  stop.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

async function proxyOver(urls: string[]) {
  const downs: string[] = [];
  const upstreams = new Upstreams(urls, { onDown: (url) => downs.push(url) });
  const web: FastifyInstance = Fastify();
  await web.register(async (api) => apiProxy(api, { upstreams, prefix: "/base/api" }));
  await web.listen({ host: "127.0.0.1", port: 0 });
  stop.push(() => web.close());
  return { url: `http://127.0.0.1:${(web.server.address() as AddressInfo).port}`, downs, upstreams };
}

describe("the proxy's retry on another API process", () => {
  it("sends a POST's body to the next process when the first could not be connected to, once", async () => {
    const dead = `http://127.0.0.1:${await closedPort()}`;
    const api = await echoApi();
    const { url, downs } = await proxyOver([dead, api.url]);
    const body = JSON.stringify({ device: "d-1", pad: "x".repeat(64 * 1024) });
    const res = await fetch(`${url}/base/api/user/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toBe(body);
    expect(api.received).toEqual([`POST /base/api/user/login ${body}`]);
    expect(downs).toEqual([dead]);
  });

  it("carries a chunked body that is still arriving to the next process intact", async () => {
    const dead = `http://127.0.0.1:${await closedPort()}`;
    const api = await echoApi();
    const { url } = await proxyOver([dead, api.url]);
    const parts = ['{"a":', '"first",', '"b":"second"}'];
    const answer = await new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        `${url}/base/api/upload`,
        { method: "POST", headers: { "content-type": "application/json" } },
        (res) => {
          let text = "";
          res.on("data", (c: Buffer) => (text += c.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on("error", reject);
      let i = 0;
      const next = () => {
        if (i === parts.length) return req.end();
        req.write(parts[i++]);
        setTimeout(next, 30);
      };
      next();
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text).data).toBe(parts.join(""));
    expect(api.received).toEqual([`POST /base/api/upload ${parts.join("")}`]);
  });

  it("answers 503 when no process can be connected to, and marks only those it addressed", async () => {
    const [a, b] = [`http://127.0.0.1:${await closedPort()}`, `http://127.0.0.1:${await closedPort()}`];
    const { url, downs } = await proxyOver([a, b]);
    const res = await fetch(`${url}/base/api/user/nonce`);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("1");
    expect(await res.json()).toMatchObject({ code: 503, key: "api.unavailable" });
    expect(downs.sort()).toEqual([a, b].sort());
  });
});
