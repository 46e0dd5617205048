import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/build-app";
import { createTestApp } from "./support/test-app";

/** Issue 15, item 2: liveness and readiness probes. */
let dir: string;
let rpc: http.Server;
let rpcUrl: string;
/** Block number the fake node answers; null: it never answers. */
let head: number | null = 7;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pex-ready-"));
  // Only its existence matters to readiness: it says a chain is configured.
  fs.writeFileSync(path.join(dir, "deployments.json"), "{}");
  rpc = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      if (head === null) return;
      const { id } = JSON.parse(body) as { id: number };
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ jsonrpc: "2.0", id, result: `0x${head.toString(16)}` }));
    });
  });
  await new Promise<void>((resolve) => rpc.listen(0, "127.0.0.1", resolve));
  rpcUrl = `http://127.0.0.1:${(rpc.address() as AddressInfo).port}`;
});
afterAll(async () => {
  rpc.closeAllConnections();
  await new Promise((resolve) => rpc.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  head = 7;
});

async function testApp(overrides: Record<string, string> = {}) {
  const env = await createTestApp({ DEPLOYMENTS_FILE: path.join(dir, "none.json"), ...overrides });
  closers.push(env.close);
  return env;
}
const get = async (app: Awaited<ReturnType<typeof testApp>>["app"], url: string) => {
  const res = await app.inject({ method: "GET", url: `/base/api${url}` });
  return { status: res.statusCode, body: res.json() };
};

describe("health and readiness (issue 15, item 2)", () => {
  it("health answers ok without a session", async () => {
    const { app } = await testApp();
    expect(await get(app, "/health")).toEqual({ status: 200, body: { code: 0, msg: "success", data: { status: "ok" } } });
  });

  it("is ready with the database migrated and no chain configured, and names the jobs held", async () => {
    const { app, config, db } = await testApp();
    expect(await get(app, "/ready")).toEqual({
      status: 200,
      body: { code: 0, msg: "success", data: { checks: { database: "ok", migrations: "ok", chain: "off" }, jobs: [] } },
    });
    const holding = await buildApp({ config, db, logger: false, heldJobs: () => ["settlement", "payouts"] });
    closers.push(() => holding.close());
    expect((await get(holding, "/ready")).body.data.jobs).toEqual(["settlement", "payouts"]);
  });

  it("is not ready while a migration is pending", async () => {
    const { app, db } = await testApp();
    await sql`delete from kysely_migration where name = ${"0007_verified_phones"}`.execute(db.kysely);
    const { status, body } = await get(app, "/ready");
    expect(status).toBe(503);
    expect(body).toMatchObject({ code: 503, key: "api.notReady", data: { checks: { database: "ok", migrations: "pending" } } });
  });

  it("asks the chain when a deployments file exists, and is not ready while the node does not answer", async () => {
    const { app } = await testApp({ DEPLOYMENTS_FILE: path.join(dir, "deployments.json"), CHAIN_RPC_URL: rpcUrl });
    expect(await get(app, "/ready")).toMatchObject({ status: 200, body: { data: { checks: { chain: "ok" } } } });
    head = null;
    const started = Date.now();
    expect(await get(app, "/ready")).toMatchObject({
      status: 503,
      body: { key: "api.notReady", data: { checks: { chain: "failed" } } },
    });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("is not ready when the node is unreachable", async () => {
    const { app } = await testApp({ DEPLOYMENTS_FILE: path.join(dir, "deployments.json"), CHAIN_RPC_URL: "http://127.0.0.1:1" });
    expect(await get(app, "/ready")).toMatchObject({
      status: 503,
      body: { data: { checks: { database: "ok", chain: "failed" } } },
    });
  });
});
