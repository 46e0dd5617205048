import Fastify, { type RouteOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { API_PREFIX, app } from "../../server/app";
import { loadConfig } from "../../server/config";
import { createDb } from "../../server/db/database";
import { migrateToLatest } from "../../server/db/migrate";

/** Image serving answers bytes, and /metrics (at the root) Prometheus text, not JSON: no schema. */
const NOT_JSON = new Set(["GET /uploads/:name", "GET /metrics"]);

async function registeredRoutes(): Promise<RouteOptions[]> {
  const config = loadConfig({}, { SQLITE_FILE: ":memory:", LOG_LEVEL: "silent" });
  const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  await migrateToLatest(db);
  const fastify = Fastify({ logger: false });
  const routes: RouteOptions[] = [];
  fastify.addHook("onRoute", (route) => void routes.push(route));
  await fastify.register(app, { config, db });
  await fastify.ready();
  await fastify.close();
  await db.kysely.destroy();
  return routes;
}

describe("each API shape once", () => {
  it("every route declares the schema of its success reply", async () => {
    const routes = (await registeredRoutes()).filter((r) => r.method !== "HEAD");
    expect(routes.length).toBeGreaterThan(45);
    const path = (url: string) => (url.startsWith(API_PREFIX) ? url.slice(API_PREFIX.length) : url);
    const name = (r: RouteOptions) => `${String(r.method)} ${path(r.url)}`;
    const described = (r: RouteOptions) => Boolean((r.schema?.response as Record<string, unknown> | undefined)?.["200"]);
    const missing = routes
      .filter((r) => !described(r) && !NOT_JSON.has(name(r)))
      .map(name)
      .sort();
    expect(missing).toEqual([]);
  });
});
