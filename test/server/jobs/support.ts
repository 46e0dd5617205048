import { createDb, type Db } from "../../../server/db/database";
import { createTestApp } from "../support/test-app";

export const onPostgres = !!process.env.TEST_DATABASE_URL;

/** A fresh migrated database (createTestApp's), and on PostgreSQL a way to open more pools over it, as other processes would. */
export async function leaseTestDb() {
  const t = await createTestApp();
  const extra: Db[] = [];
  return {
    db: t.db,
    t,
    /** Another process's connection pool (PostgreSQL); in-memory SQLite has only the one connection. */
    otherProcess(): Db {
      if (!t.config.databaseUrl) return t.db;
      const db = createDb({ databaseUrl: t.config.databaseUrl, sqliteFile: t.config.sqliteFile });
      extra.push(db);
      return db;
    },
    async close() {
      await Promise.all(extra.map((db) => db.kysely.destroy()));
      await t.close();
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
