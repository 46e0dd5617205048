import fs from "node:fs";
import path from "node:path";
import Fastify, { type FastifyInstance, type InjectOptions } from "fastify";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { REFUSALS, englishText, placeholdersOf, type Refusal, type RefusalKey } from "../../domain/refusals";
import { errorHandler } from "../../server/lib/error-handler";
import { AppError, internalError } from "../../server/lib/errors";
import { login } from "./support/siwe";
import { refused } from "./support/refused";
import { createTestApp } from "./support/test-app";

/*
 * Issue 13, item 4: every refusal the server sends carries a key of domain/refusals.ts (and
 * its params), which every locale has. First the registry through the one error handler, then
 * each path by which the running API refuses a request.
 */

const LOCALES = ["cn", "de", "en", "jp", "kr"].map(
  (lang) =>
    [lang, JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../locales", `${lang}.json`), "utf8"))] as [
      string,
      Record<string, string>,
    ],
);

/** A refusal envelope whose key every locale can say, with the params its texts name. */
function expectSayable(json: { code: number; msg: string; data: unknown; key?: string; params?: Record<string, unknown> }) {
  expect(json.code).not.toBe(0);
  expect(json.data).toBeNull();
  expect(Object.hasOwn(REFUSALS, json.key!), `unregistered key ${json.key}`).toBe(true);
  const key = json.key as RefusalKey;
  expect(json.msg.startsWith(englishText({ key, params: json.params as Refusal["params"] }))).toBe(true);
  expect(json.msg).not.toMatch(/{{/);
  for (const [lang, catalogue] of LOCALES) {
    expect(typeof catalogue[key], `${lang} lacks ${key}`).toBe("string");
    for (const name of placeholdersOf(catalogue[key]!)) expect(json.params, `${key} param ${name}`).toHaveProperty(name);
  }
}

describe("the error handler over the whole registry", () => {
  let bare: FastifyInstance;
  beforeAll(async () => {
    bare = Fastify({ logger: false });
    bare.setErrorHandler(errorHandler);
    bare.get<{ Params: { key: string } }>("/refuse/:key", async (request) => {
      const key = request.params.key as RefusalKey;
      const params = Object.fromEntries(placeholdersOf(REFUSALS[key]).map((name, i) => [name, `v${i}`]));
      throw new AppError(409, Object.keys(params).length ? { key, params } : { key });
    });
    bare.get("/internal", async () => {
      throw internalError("a secret the client must not see");
    });
    bare.get("/detail", async () => {
      throw new AppError(400, { key: "api.invalidInput", params: { field: "amount" } }, "amount must be a whole number");
    });
    bare.get("/crash", async () => {
      throw new Error("SELECT * FROM users: connection refused");
    });
    await bare.ready();
  });
  afterAll(async () => bare.close());

  it.each(Object.keys(REFUSALS))("%s: answers code, English msg, key and params", async (key) => {
    const res = await bare.inject({ method: "GET", url: `/refuse/${key}` });
    expect(res.statusCode).toBe(409);
    const json = res.json();
    const names = placeholdersOf(REFUSALS[key as RefusalKey]);
    expect(json).toEqual({
      code: 409,
      msg: names.reduce((text, name, i) => text.replace(`{{${name}}}`, `v${i}`), REFUSALS[key as RefusalKey]),
      data: null,
      key,
      ...(names.length ? { params: Object.fromEntries(names.map((n, i) => [n, `v${i}`])) } : {}),
    });
    expectSayable(json);
  });

  it("an internal error answers api.internal and keeps its detail in the log", async () => {
    for (const url of ["/internal", "/crash"]) {
      const res = await bare.inject({ method: "GET", url });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual(refused(500, "api.internal"));
      expect(res.body).not.toMatch(/secret|SELECT|connection/);
    }
  });

  it("a 4xx detail (a validation reason) follows the text in msg, outside params", async () => {
    expect((await bare.inject({ method: "GET", url: "/detail" })).json()).toEqual({
      code: 400,
      msg: "Invalid input: amount (amount must be a whole number)",
      data: null,
      key: "api.invalidInput",
      params: { field: "amount" },
    });
  });
});

describe("every way the API refuses a request", () => {
  let env: Awaited<ReturnType<typeof createTestApp>>;
  beforeEach(async () => {
    env = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: "2" });
  });
  afterEach(async () => env.close());

  const inject = async (opts: InjectOptions) => {
    const res = await env.app.inject(opts);
    const json = res.json();
    expect(json.code, res.body).toBe(res.statusCode);
    expectSayable(json);
    return json;
  };

  it("an unknown call: 404 api.noSuchCall with the method and path", async () => {
    expect(await inject({ method: "POST", url: "/base/api/no/such?x=1" })).toEqual(
      refused(404, "api.noSuchCall", { method: "POST", path: "/base/api/no/such" }),
    );
  });

  it("no session: 401 api.relogin", async () => {
    expect(await inject({ method: "GET", url: "/base/api/user/info" })).toEqual(refused(401, "api.relogin"));
    expect(await inject({ method: "GET", url: "/base/api/user/info", headers: { token: "stale" } })).toEqual(
      refused(401, "api.relogin"),
    );
  });

  it("a schema refusal: 400 api.invalidInput naming the field, zod's reason in msg", async () => {
    const token = await login(env.app, privateKeyToAccount(generatePrivateKey()));
    const json = await inject({
      method: "POST",
      url: "/base/api/asset/withdraw",
      headers: { token },
      payload: { address: `0x${"12".repeat(20)}`, amount: "-5", password: "123456" },
    });
    expect(json).toMatchObject({ code: 400, key: "api.invalidInput", params: { field: "amount" } });
    expect(json.msg).toBe("Invalid input: amount (amount must be a positive whole number of micro-USDT, as a string)");
  });

  it("a body that is not JSON, an empty JSON body, another content type, too large a body", async () => {
    const url = "/base/api/home/notices";
    const json = { "content-type": "application/json" };
    expect(await inject({ method: "POST", url, headers: json, payload: "{nope" })).toEqual(refused(400, "api.malformedBody"));
    expect(await inject({ method: "POST", url, headers: json, payload: "" })).toEqual(refused(400, "api.emptyBody"));
    expect(await inject({ method: "POST", url, headers: { "content-type": "application/xml" }, payload: "<a/>" })).toEqual(
      refused(415, "api.unsupportedContentType"),
    );
    const big = JSON.stringify({ message: "x".repeat(1024 * 1024 + 10) });
    expect(await inject({ method: "POST", url, headers: json, payload: big })).toEqual(refused(413, "api.bodyTooLarge"));
  });

  it("a malformed address: 400 api.badUrl", async () => {
    expect(await inject({ method: "POST", url: "/base/api/home/notice/%E0%A4%A" })).toEqual(refused(400, "api.badUrl"));
  });

  it("sign-in calls over the limit: 429 api.tooManyRequests with the seconds to wait", async () => {
    for (let i = 0; i < 2; i++)
      expect((await env.app.inject({ method: "GET", url: "/base/api/user/nonce" })).json().code).toBe(0);
    const json = await inject({ method: "GET", url: "/base/api/user/nonce" });
    expect(json).toMatchObject({ code: 429, key: "api.tooManyRequests" });
    expect(json.params.seconds).toBeGreaterThan(0);
    expect(json.params.seconds).toBeLessThanOrEqual(60);
    expect(json.msg).toBe(`Too many requests; try again in ${json.params.seconds} s`);
  });

  it("a failure of the server itself: 500 api.internal, nothing more", async () => {
    await env.db.kysely.destroy();
    const json = await inject({ method: "GET", url: "/base/api/user/nonce" });
    expect(json).toEqual(refused(500, "api.internal"));
    // close() destroys the pool again, which Kysely allows.
  });
});
