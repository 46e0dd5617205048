import Fastify, { type FastifyInstance, type RouteOptions } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { app as apiPlugin } from "../../server/app";
import { authenticate } from "../../server/modules/auth/authenticate.plugin";
import { createTestApp } from "./support/test-app";
import { refused } from "./support/refused";

/**
 * Issue 12, item 4: authentication runs before the body is read or validated, so a call without
 * a valid session answers 401 (the client's cue to sign in again) whatever it sends.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let api: FastifyInstance;
const routes: RouteOptions[] = [];

beforeEach(async () => {
  t = await createTestApp();
  routes.length = 0;
  // The API as server.ts builds it, with every route it registers recorded.
  api = Fastify({ logger: false });
  api.addHook("onRoute", (route) => {
    routes.push(route);
  });
  await api.register(apiPlugin, { config: t.config, db: t.db });
  await api.ready();
});
afterEach(async () => {
  await api.close();
  await t.close();
});

const hooks = (h: RouteOptions["onRequest"] | RouteOptions["preHandler"]) => (Array.isArray(h) ? h : h ? [h] : []);
const authenticated = () => routes.filter((r) => [...hooks(r.onRequest), ...hooks(r.preHandler)].includes(authenticate as never));
const methods = (r: RouteOptions) => (Array.isArray(r.method) ? r.method : [r.method]).filter((m) => m !== "HEAD");

describe("authentication before validation (issue 12, item 4)", () => {
  it.each([
    ["/base/api/home/order", { productId: "not-a-number", payType: 7 }],
    ["/base/api/asset/withdraw", { amount: -1 }],
  ])("POST %s with a bad body and no token answers 401, not a schema error", async (url, payload) => {
    for (const headers of [{}, { token: "not-a-session" }]) {
      const res = await api.inject({ method: "POST", url, payload, headers });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(refused(401, "api.relogin"));
    }
  });

  it("every signed-in route authenticates in onRequest and answers 401 to any body without a session", async () => {
    const signedIn = authenticated();
    // The routes this issue names, and the rest of the signed-in API (the count only guards the filter).
    const urls = signedIn.map((r) => r.url);
    expect(urls).toEqual(expect.arrayContaining(["/base/api/home/order", "/base/api/asset/withdraw", "/base/api/user/edit"]));
    expect(signedIn.length).toBeGreaterThan(25);
    for (const r of signedIn) expect(hooks(r.onRequest), `${r.url} authenticates in onRequest`).toContain(authenticate);

    const bodies: { payload?: string; headers: Record<string, string> }[] = [
      { headers: {} },
      { payload: '{"unexpected": [1, 2, 3], "amount": -1}', headers: { "content-type": "application/json" } },
      { payload: "{not json", headers: { "content-type": "application/json" } },
      { payload: "x=1", headers: { "content-type": "application/x-www-form-urlencoded" } },
      { payload: "--b\r\n", headers: { "content-type": "multipart/form-data; boundary=b" } },
    ];
    for (const r of signedIn)
      for (const method of methods(r))
        for (const body of bodies) {
          const url = `${r.url.replace(/:[A-Za-z]+/g, "not-an-id")}?page=-1`;
          const res = await api.inject({
            method: method as "GET" | "POST",
            url,
            headers: { ...body.headers, token: "expired-or-made-up" },
            ...(method === "GET" || body.payload === undefined ? {} : { payload: body.payload }),
          });
          expect(res.statusCode, `${method} ${url} with ${body.headers["content-type"] ?? "no body"}`).toBe(401);
          expect(res.json()).toMatchObject({ code: 401 });
        }
  });
});
