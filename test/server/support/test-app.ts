import type { FastifyInstance } from "fastify";
import { buildApp } from "../../../server/build-app";
import { loadConfig, type AppConfig } from "../../../server/config";
import { createDb, type Db } from "../../../server/db/database";
import { migrateToLatest } from "../../../server/db/migrate";
import { createPgTestDatabase } from "./pg-test-database";

export const TEST_DOMAIN = "app.test:5173";

/**
 * A fresh API over a fresh database: in-memory SQLite, or, when TEST_DATABASE_URL names a
 * PostgreSQL server, a new database created for this app and dropped on close. So the same
 * suite proves both dialects (`.ci/run` runs it twice). `logStream`: the app logs there (at
 * LOG_LEVEL) instead of nowhere.
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  opts: { logStream?: { write(line: string): void } } = {},
): Promise<{ app: FastifyInstance; db: Db; config: AppConfig; close(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const pgDatabase = adminUrl ? await createPgTestDatabase(adminUrl) : null;
  const databaseUrl = pgDatabase?.url;
  const config = loadConfig(
    {},
    {
      SIWE_DOMAINS: TEST_DOMAIN,
      LOG_LEVEL: process.env.TEST_LOG === "1" ? "error" : "silent",
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { SQLITE_FILE: ":memory:" }),
      ...overrides,
    },
  );
  const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
  await migrateToLatest(db);
  const app = await buildApp({
    config,
    db,
    logger: opts.logStream !== undefined || process.env.TEST_LOG === "1",
    logStream: opts.logStream,
  });
  return {
    app,
    db,
    config,
    async close() {
      await app.close();
      await db.kysely.destroy();
      await pgDatabase?.drop();
    },
  };
}

/**
 * Another server process over the same database: its own app (its own limiters and caches) and,
 * on PostgreSQL, its own connection pool. In-memory SQLite exists only in its one connection, so
 * there the second app shares it; what it must not share is anything kept in the first app's memory.
 */
export async function createSiblingApp(config: AppConfig, db: Db): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const ownDb = config.databaseUrl ? createDb({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile }) : db;
  const app = await buildApp({ config, db: ownDb, logger: false });
  return {
    app,
    async close() {
      await app.close();
      if (ownDb !== db) {
        await ownDb.kysely.destroy();
        // Kysely ends the pool only if it ever used it; an app whose calls so far only touched a
        // rate limiter (which queries the pool directly) would leave its connections to the drop.
        if (ownDb.driver.dialect === "postgres" && !ownDb.driver.pool.ending) await ownDb.driver.pool.end();
      }
    },
  };
}
