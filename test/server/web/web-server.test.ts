import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMMUTABLE, REVALIDATE } from "../../../web-server/static-files";
import { FIXTURE, listen, request, startWeb } from "./support";

const JS = "/assets/index-Ab12Cd34.js";

/** An upstream that answers what it received, and a binary "upload", to check the proxy alone. */
async function echoUpstream(): Promise<{ url: string; close(): Promise<void> }> {
  const echo: FastifyInstance = Fastify();
  echo.addContentTypeParser("*", { parseAs: "buffer" }, (_req, body, done) => done(null, body));
  echo.get("/base/api/uploads/photo.png", async (_req, reply) =>
    reply
      .header("content-type", "image/png")
      .header("cache-control", "private, max-age=60")
      .header("etag", '"photo-1"')
      .send(PNG),
  );
  echo.all("/base/api/*", async (req, reply) =>
    reply
      .code(418)
      .header("x-upstream", "echo")
      .header("set-cookie", "a=1; HttpOnly")
      .send({
        method: req.method,
        url: req.url,
        headers: req.headers,
        body: (req.body as Buffer | undefined)?.toString("base64") ?? null,
        padding: "x".repeat(2000),
      }),
  );
  const host = await listen(echo);
  return { url: `http://${host}`, close: () => echo.close() };
}
const PNG = Buffer.concat([Buffer.from("89504e470d0a1a0a", "hex"), Buffer.alloc(3000, 7)]);

let upstream: Awaited<ReturnType<typeof echoUpstream>>;
let site: Awaited<ReturnType<typeof startWeb>>;
beforeAll(async () => {
  upstream = await echoUpstream();
  site = await startWeb(upstream.url, { VITE_RPC_URL: "http://127.0.0.1:25545" });
});
afterAll(async () => {
  await site?.close();
  await upstream?.close();
});

describe("static files", () => {
  it("serves the Brotli copy to a client that accepts it, and says the reply varies with Accept-Encoding", async () => {
    const res = await request(`${site.url}${JS}`, { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/^(application|text)\/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body.equals(fs.readFileSync(path.join(site.root, `${JS}.br`)))).toBe(true);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(FIXTURE.js);
  });

  it("serves the gzip copy to a gzip-only client and the file itself to one that accepts neither", async () => {
    const gz = await request(`${site.url}${JS}`, { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(gz.body).toString()).toBe(FIXTURE.js);

    const plain = await request(`${site.url}${JS}`);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body.toString()).toBe(FIXTURE.js);
  });

  it("compresses on the fly what has no precompressed copy", async () => {
    const late = JSON.stringify({ rows: Array.from({ length: 200 }, (_, i) => ({ id: i })) });
    fs.writeFileSync(path.join(site.root, "late.json"), late);
    const res = await request(`${site.url}/late.json`, { headers: { "accept-encoding": "br" } });
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(late);
  });

  it("caches hashed assets for a year and revalidates everything else", async () => {
    for (const file of [JS, "/assets/index-Ef56Gh78.css"]) {
      expect((await request(`${site.url}${file}`, { headers: { "accept-encoding": "br" } })).headers["cache-control"]).toBe(
        IMMUTABLE,
      );
    }
    expect(IMMUTABLE).toBe("public, max-age=31536000, immutable");
    for (const file of ["/", "/index.html", "/favicon.svg"]) {
      const res = await request(`${site.url}${file}`, { headers: { "accept-encoding": "br, gzip" } });
      expect(res.status).toBe(200);
      expect(res.headers["cache-control"]).toBe(REVALIDATE);
    }
    expect(REVALIDATE).toBe("no-cache");
    // Revalidating costs a 304 without a body.
    const first = await request(`${site.url}/`, { headers: { "accept-encoding": "br" } });
    expect(first.headers.etag).toBeTruthy();
    const again = await request(`${site.url}/`, { headers: { "accept-encoding": "br", "if-none-match": first.headers.etag! } });
    expect(again.status).toBe(304);
    expect(again.body).toHaveLength(0);
  });

  it("answers index.html for a path that names no file (the SPA fallback), uncached", async () => {
    for (const url of ["/pages/my/my", "/pages/goods-detail/goods-detail?id=1", "/deep/link/"]) {
      const res = await request(`${site.url}${url}`);
      expect(res.status).toBe(200);
      expect(res.headers["content-type"]).toMatch(/^text\/html/);
      expect(res.headers["cache-control"]).toBe(REVALIDATE);
      expect(res.body.toString()).toBe(FIXTURE.index);
    }
    const compressed = await request(`${site.url}/pages/login/login`, { headers: { "accept-encoding": "br" } });
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(compressed.body).toString()).toBe(FIXTURE.index);
    const head = await request(`${site.url}/pages/my/my`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers["content-type"]).toMatch(/^text\/html/);
  });

  it("answers 404 for a missing file, and for anything but GET or HEAD of an app path", async () => {
    for (const url of ["/assets/index-Missing1.js", "/favicon.ico", "/robots.txt"]) {
      const res = await request(`${site.url}${url}`);
      expect(res.status).toBe(404);
      expect(res.body.toString()).toBe("Not found");
    }
    expect((await request(`${site.url}/pages/my/my`, { method: "POST", body: "x" })).status).toBe(404);
    expect((await request(`${site.url}/index.html`, { method: "DELETE" })).status).toBe(404);
  });

  // (A URL client resolves "/../" itself; forged-request-target.test.ts sends such targets raw.)
  it("never serves a file outside the build", async () => {
    for (const url of ["/../package.json", "/%2e%2e/package.json", "/assets/..%2f..%2fpackage.json"]) {
      const res = await request(`${site.url}${url}`);
      expect([400, 403, 404]).toContain(res.status);
      expect(res.body.toString()).not.toContain("pex-shop");
    }
  });
});

describe("security headers", () => {
  it("send a Content-Security-Policy the app satisfies, nosniff, no Referer and no framing", async () => {
    const res = await request(`${site.url}/`);
    const csp = res.headers["content-security-policy"]!;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:25545");
    expect(csp).toContain("img-src 'self' data: blob: https:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("unsafe-eval");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["referrer-policy"]).toBe("no-referrer");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  it("never send HSTS over plain http, even when the client claims https", async () => {
    const res = await request(`${site.url}/`, { headers: { "x-forwarded-proto": "https" } });
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  it("send HSTS when a trusted proxy reports TLS", async () => {
    const behindTls = await startWeb(upstream.url, { WEB_TRUST_PROXY: "loopback" });
    try {
      const https = await request(`${behindTls.url}/`, { headers: { "x-forwarded-proto": "https" } });
      expect(https.headers["strict-transport-security"]).toBe("max-age=31536000");
      const http = await request(`${behindTls.url}/`, { headers: { "x-forwarded-proto": "http" } });
      expect(http.headers["strict-transport-security"]).toBeUndefined();
    } finally {
      await behindTls.close();
    }
  });

  it("send HSTS on the TLS listener", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pex-tls-"));
    const [cert, key] = [path.join(dir, "cert.pem"), path.join(dir, "key.pem")];
    execFileSync(
      "openssl",
      [
        ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
        ...["-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=127.0.0.1"],
      ],
      { stdio: "ignore" },
    );
    const tls = await startWeb(upstream.url, { WEB_TLS_CERT_FILE: cert, WEB_TLS_KEY_FILE: key });
    try {
      expect(tls.url).toMatch(/^https:/);
      const res = await request(`${tls.url}/`);
      expect(res.status).toBe(200);
      expect(res.headers["strict-transport-security"]).toBe("max-age=31536000");
      // What the API is told about the scheme comes from the listener too.
      const echoed = JSON.parse((await request(`${tls.url}/base/api/echo`)).body.toString());
      expect(echoed.headers["x-forwarded-proto"]).toBe("https");
    } finally {
      await tls.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the /base/api proxy", () => {
  it("forwards method, path, query, body and headers, with X-Forwarded-* written by the web server", async () => {
    const body = Buffer.concat([
      Buffer.from('--b\r\nContent-Disposition: form-data; name="file"\r\n\r\n'),
      PNG,
      Buffer.from("\r\n--b--\r\n"),
    ]);
    const res = await request(`${site.url}/base/api/user/upload?kind=front&x=1`, {
      method: "PUT",
      headers: {
        "content-type": "multipart/form-data; boundary=b",
        token: "session-token-1",
        "x-forwarded-for": "198.51.100.7, 10.0.0.1",
        "x-forwarded-host": "evil.example",
        "x-forwarded-proto": "https",
        "x-real-ip": "198.51.100.8",
        forwarded: "for=198.51.100.9",
      },
      body,
    });
    const seen = JSON.parse(res.body.toString());
    expect(seen.method).toBe("PUT");
    expect(seen.url).toBe("/base/api/user/upload?kind=front&x=1");
    expect(Buffer.from(seen.body, "base64").equals(body)).toBe(true);
    expect(seen.headers).toMatchObject({
      "content-type": "multipart/form-data; boundary=b",
      token: "session-token-1",
      "x-forwarded-for": "127.0.0.1",
      "x-forwarded-proto": "http",
      "x-forwarded-host": site.url.replace("http://", ""),
    });
    expect(seen.headers["x-real-ip"]).toBeUndefined();
    expect(seen.headers.forwarded).toBeUndefined();
  });

  it("passes the API's replies back unchanged: status, headers and body, never compressed or replaced by index.html", async () => {
    const res = await request(`${site.url}/base/api/anything`, { headers: { "accept-encoding": "br, gzip" } });
    expect(res.status).toBe(418);
    expect(res.headers["x-upstream"]).toBe("echo");
    expect(res.headers["set-cookie"]).toEqual(["a=1; HttpOnly"]);
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(res.body.toString()).padding).toHaveLength(2000);

    const photo = await request(`${site.url}/base/api/uploads/photo.png`, { headers: { "accept-encoding": "br" } });
    expect(photo.status).toBe(200);
    expect(photo.headers["content-type"]).toBe("image/png");
    expect(photo.headers["cache-control"]).toBe("private, max-age=60");
    expect(photo.headers.etag).toBe('"photo-1"');
    expect(photo.body.equals(PNG)).toBe(true);
  });

  it("answers for the API when it is down, rather than falling back to the app", async () => {
    const orphan = await startWeb("http://127.0.0.1:9");
    try {
      const res = await request(`${orphan.url}/base/api/user/nonce`);
      expect(res.status).toBeGreaterThanOrEqual(500);
      expect(res.body.toString()).not.toContain("<html");
    } finally {
      await orphan.close();
    }
  });
});
