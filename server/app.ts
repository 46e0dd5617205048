import type { FastifyPluginAsync } from "fastify";
import type { AppConfig } from "./config";
import type { Db } from "./db/database";
import { errorHandler, notFoundHandler } from "./lib/error-handler";
import { createMetrics, type AppMetrics } from "./lib/metrics";
import type { SessionStore } from "./modules/auth/session-store";
import { PgSessionStore } from "./modules/auth/session-store.pg";
import { SqliteSessionStore } from "./modules/auth/session-store.sqlite";
import { loadRefusalTexts } from "./lib/refusal-language";
import getMetricsRoute from "./modules/metrics/get-metrics.route";
import { FundPasswordGuard } from "./modules/register/fund-password-guard";
import { serializeRepliesBySchema } from "./lib/zod-serialization";
import { zodValidatorCompiler } from "./lib/zod-validation";
import { MODULE_ROUTES } from "./module-routes";
import { registerApiDocs } from "./plugins/api-docs";
import requestEncryption from "./plugins/encryption";

export interface AppOptions {
  config: AppConfig;
  db: Db;
  /** The background jobs this process holds now (shown by /base/api/ready); absent: none. */
  heldJobs?: () => string[];
}

declare module "fastify" {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    /** The one check of the fund password, shared by every call that takes it (its counts live in the database). */
    fundPasswordGuard: FundPasswordGuard;
    /** Prometheus metrics of this app (jobs and their leases report into it: server/lib/job-metrics.ts). */
    metrics: AppMetrics;
    /** The background jobs this process holds now. */
    heldJobs: () => string[];
    /** Where every authenticated call finds its session's user, one per app (server/modules/auth/session-store.ts). */
    sessionStore: SessionStore;
  }
}

export const API_PREFIX = "/base/api";

/**
 * The whole REST API as one plugin: `server.ts` only listens, tests register it on a fresh
 * Fastify instance and call `app.inject`.
 */
export const app: FastifyPluginAsync<AppOptions> = async (fastify, opts) => {
  fastify.decorate("config", opts.config);
  fastify.decorate("db", opts.db);
  // buildApp decorates its root with them, so that server.ts can hand them to the jobs.
  if (!fastify.hasDecorator("metrics")) fastify.decorate("metrics", createMetrics(opts.db));
  if (!fastify.hasDecorator("refusalTexts")) fastify.decorate("refusalTexts", loadRefusalTexts());
  fastify.decorate("heldJobs", opts.heldJobs ?? (() => []));
  // SQLite keeps lookups until a write could change them; PostgreSQL's replicas always ask
  // (ADR-0195).
  const { driver } = opts.db;
  const sessionStore: SessionStore =
    driver.dialect === "sqlite" ? new SqliteSessionStore(opts.db, driver.sqlite) : new PgSessionStore(opts.db);
  fastify.decorate("sessionStore", sessionStore);
  fastify.decorate("fundPasswordGuard", FundPasswordGuard.create(opts.db, opts.config.fundPasswordMaxFailures));

  fastify.setValidatorCompiler(zodValidatorCompiler);
  // A route's reply goes through its response schema: only the fields it names are written.
  serializeRepliesBySchema(fastify);
  fastify.setErrorHandler(errorHandler);
  fastify.setNotFoundHandler(notFoundHandler);
  // Every answered request, by its route pattern (unknown paths share one label: the URL is the client's).
  // A callback hook: an async one costs a promise and a turn of the microtask queue per request.
  fastify.addHook("onResponse", (request, reply, done) => {
    const route = request.routeOptions.url ?? "unmatched";
    fastify.metrics.requestServed(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  // Opt-in (ENCRYPTION_KEY): decrypts `{encrypt, sign, timestamp}` bodies before validation.
  await fastify.register(requestEncryption);

  // Before any route: the document is collected as routes are registered.
  await registerApiDocs(fastify, API_PREFIX);
  await fastify.register(getMetricsRoute);
  await fastify.register(
    async (api) => {
      for (const routes of MODULE_ROUTES) await api.register(routes);
    },
    { prefix: API_PREFIX },
  );
};
