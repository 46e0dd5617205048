import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { buildWebServer } from "../../../web-server/app";
import { loadWebConfig } from "../../../web-server/config";
import { firstScreenDir } from "../../../web-server/first-screen-bundle";
import { precompressDir } from "../../../web-server/precompress";
import { createTestApp } from "../support/test-app";

/** A small built app: the shape `vite build` leaves (hashed assets/, public files at the root). */
export const FIXTURE = {
  index: `<!doctype html><html><head><title>PEX</title><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div>${"<!-- padding -->".repeat(100)}</body></html>`,
  js: `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "product ${i}" }`).join(", ")}];\n`,
  css: `.row { display: flex; }\n${Array.from({ length: 100 }, (_, i) => `.c${i} { margin: ${i}px; }`).join("\n")}\n`,
  favicon: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8"/></svg>`,
};

export async function builtApp(): Promise<string> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pex-web-"));
  fs.mkdirSync(path.join(dir, "assets"));
  fs.writeFileSync(path.join(dir, "index.html"), FIXTURE.index);
  fs.writeFileSync(path.join(dir, "assets", "index-Ab12Cd34.js"), FIXTURE.js);
  fs.writeFileSync(path.join(dir, "assets", "index-Ef56Gh78.css"), FIXTURE.css);
  fs.writeFileSync(path.join(dir, "favicon.svg"), FIXTURE.favicon);
  await precompressDir(dir);
  return dir;
}

/** A port nothing listens on: an API process that is down. */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("not listening on a port");
  return `127.0.0.1:${address.port}`;
}

/**
 * The production web server over a fixture build, in front of `upstream` (an http origin);
 * `firstScreen`: the source of a first-screen renderer beside the build (`vite build --ssr`'s).
 */
export async function startWeb(upstream: string, overrides: Record<string, string> = {}, opts: { firstScreen?: string } = {}) {
  const root = await builtApp();
  if (opts.firstScreen !== undefined) {
    fs.mkdirSync(firstScreenDir(root));
    fs.writeFileSync(path.join(firstScreenDir(root), "first-screen.mjs"), opts.firstScreen);
  }
  const config = loadWebConfig({}, { WEB_OUT_DIR: root, API_PROXY_TARGET: upstream, WEB_LOG_LEVEL: "silent", ...overrides });
  const web = await buildWebServer(config, { logger: false });
  const host = await listen(web);
  return {
    web,
    root,
    url: `${config.tls ? "https" : "http"}://${host}`,
    async close() {
      await web.close();
      fs.rmSync(root, { recursive: true, force: true });
      fs.rmSync(firstScreenDir(root), { recursive: true, force: true });
    },
  };
}

/** The real API (createTestApp) listening on an ephemeral port, with its own data folder. */
export async function startApi(overrides: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "pex-web-api-"));
  const t = await createTestApp({ DATA_DIR: dataDir, ...overrides });
  const host = await listen(t.app);
  return {
    ...t,
    url: `http://${host}`,
    async close() {
      await t.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface RawReply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One HTTP(S) request with nothing added or decoded (fetch would decompress and add headers). */
export function request(
  url: string,
  opts: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {},
): Promise<RawReply> {
  const client = url.startsWith("https:") ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(url, { method: opts.method ?? "GET", headers: opts.headers, rejectUnauthorized: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(opts.body);
  });
}
