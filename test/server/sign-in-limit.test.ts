import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../../server/build-app";
import type { AppConfig } from "../../server/config";
import { createDb } from "../../server/db/database";
import { createSiblingApp, createTestApp } from "./support/test-app";

/**
 * Issue 15, item 1: the sign-in limit (nonce and login) lives in the database, so two API
 * replicas over one database share each client's budget. Two apps with their own connections:
 * on PostgreSQL two pools on one database, on SQLite one file opened twice.
 */
let closeAll: (() => Promise<void>) | null = null;
afterEach(async () => {
  await closeAll?.();
  closeAll = null;
});

async function twoReplicas(): Promise<[FastifyInstance, FastifyInstance]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pex-sign-in-"));
  const first = await createTestApp(process.env.TEST_DATABASE_URL ? {} : { SQLITE_FILE: path.join(dir, "app.sqlite") });
  // On PostgreSQL the sibling opens its own pool; on the SQLite file, its own connection to it.
  const second = first.config.databaseUrl ? await createSiblingApp(first.config, first.db) : await fileSibling(first.config);
  closeAll = async () => {
    await second.close();
    await first.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return [first.app, second.app];
}

async function fileSibling(config: AppConfig) {
  const db = createDb({ sqliteFile: config.sqliteFile });
  const app = await buildApp({ config, db, logger: false });
  return { app, close: async () => (await app.close(), await db.kysely.destroy()) };
}

const nonce = (app: FastifyInstance, remoteAddress = "127.0.0.1") =>
  app.inject({ method: "GET", url: "/base/api/user/nonce", remoteAddress });
const login = (app: FastifyInstance) => app.inject({ method: "POST", url: "/base/api/user/login", payload: {} });

describe("sign-in limit across replicas (issue 15, item 1)", () => {
  it("refuses a client's 21st nonce within the minute even when its calls alternate between two apps", async () => {
    const apps = await twoReplicas();
    for (let i = 0; i < 20; i++) expect((await nonce(apps[i % 2]!)).json().code).toBe(0);
    for (const app of apps) {
      const refused = await nonce(app);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 429, data: null, key: "api.tooManyRequests" });
      const seconds = refused.json().params.seconds;
      expect(seconds).toBeGreaterThanOrEqual(1);
      expect(seconds).toBeLessThanOrEqual(60);
      expect(refused.headers["retry-after"]).toBe(String(seconds));
    }
    // Another client has its own budget.
    expect((await nonce(apps[1], "203.0.113.7")).json().code).toBe(0);
  });

  it("gives nonce and login a budget each, shared across apps", async () => {
    const apps = await twoReplicas();
    for (let i = 0; i < 20; i++) expect((await nonce(apps[i % 2]!)).json().code).toBe(0);
    // Malformed logins still use a call: the limit is checked before the body.
    for (let i = 0; i < 20; i++) expect((await login(apps[i % 2]!)).json().code).toBe(400);
    expect((await login(apps[0])).json().code).toBe(429);
    expect((await nonce(apps[1])).json().code).toBe(429);
  });
});
