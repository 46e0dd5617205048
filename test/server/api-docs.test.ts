import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { createTestApp } from "./support/test-app";

/** Issue 15, item 4: the OpenAPI document of the routes' own schemas, only when API_DOCS=1. */
let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

async function testApp(apiDocs: "0" | "1"): Promise<FastifyInstance> {
  const env = await createTestApp({ API_DOCS: apiDocs });
  close = env.close;
  return env.app;
}

describe("API docs (issue 15, item 4)", () => {
  it("serves an OpenAPI 3 document built from the routes' zod schemas, and its UI", async () => {
    const app = await testApp("1");
    const res = await app.inject({ method: "GET", url: "/base/api/docs/json" });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const order = doc.paths["/base/api/home/order"].post;
    const body = order.requestBody.content["application/json"].schema;
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(["productId", "payType"]));
    expect(order.responses["200"]).toBeDefined();
    expect(doc.paths["/base/api/ready"].get.responses["503"]).toBeDefined();
    expect(doc.paths["/metrics"]).toBeUndefined();
    const ui = await app.inject({ method: "GET", url: "/base/api/docs" });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers["content-type"]).toMatch(/^text\/html/);
    expect((await app.inject({ method: "GET", url: "/base/api/docs/static/swagger-ui.css" })).statusCode).toBe(200);
  });

  it("is an unknown path when API_DOCS is off (the default)", async () => {
    const app = await testApp("0");
    for (const url of ["/base/api/docs", "/base/api/docs/json"])
      expect((await app.inject({ method: "GET", url })).statusCode).toBe(404);
  });
});
