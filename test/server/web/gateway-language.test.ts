import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { closedPort, startWeb } from "./support";

/*
 * Issue 26, item 2: the web server's own refusals (it answers for the API when no API process
 * does, and refuses a forged request target itself) say `msg` in the language of the request's
 * Accept-Language, as the API's do (ADR-0196).
 */

const catalogue = (code: string) =>
  JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../../locales", `${code}.json`), "utf8")) as Record<string, string>;

/** A GET with the target written as given (fetch would resolve `%2e%2e`). */
function get(url: string, target: string, headers: Record<string, string>) {
  const { hostname, port } = new URL(url);
  return new Promise<{ status: number; vary: string; body: unknown }>((resolve, reject) => {
    const req = http.request({ host: hostname, port: Number(port), path: target, headers }, (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, vary: String(res.headers.vary ?? ""), body: JSON.parse(text) }));
    });
    req.on("error", reject);
    req.end();
  });
}

let stop: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of stop.reverse()) await close();
  stop = [];
});

describe("the web server's refusals in the request's language", () => {
  it("503 when no API process is up, 400 for a forged target: msg from the asked catalogue, Vary", async () => {
    const web = await startWeb(`http://127.0.0.1:${await closedPort()}`);
    stop.push(web.close);
    for (const [header, code] of [
      ["ja-JP,ja;q=0.9", "jp"],
      ["en;q=0.2, ko;q=0.8", "kr"],
      ["fr", "en"],
    ] as const) {
      const unavailable = await get(web.url, "/base/api/user/nonce", { "accept-language": header });
      expect(unavailable.status).toBe(503);
      expect(unavailable.body).toEqual({
        code: 503,
        msg: catalogue(code)["api.unavailable"],
        data: null,
        key: "api.unavailable",
      });
      expect(unavailable.vary).toMatch(/accept-language/i);

      const forged = await get(web.url, "/base/api/%2e%2e/admin", { "accept-language": header });
      expect(forged.status).toBe(400);
      expect(forged.body).toEqual({ code: 400, msg: catalogue(code)["api.badUrl"], data: null, key: "api.badUrl" });
      expect(forged.vary).toMatch(/accept-language/i);
    }
  });
});
