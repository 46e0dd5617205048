import fs from "node:fs";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { Database } from "./schema";

export type DialectName = "sqlite" | "postgres";

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /** The driver under Kysely, for the one library that needs it (rate-limiter-flexible's stores). */
  driver: DbDriver;
}

export type DbDriver = { dialect: "sqlite"; sqlite: BetterSqlite3.Database } | { dialect: "postgres"; pool: pg.Pool };

// int8 columns (money, ids) come back as bigint rather than strings or lossy numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => BigInt(v));

/** Opens PostgreSQL when `databaseUrl` is set, otherwise the SQLite file (created if missing). */
export function createDb(opts: { databaseUrl?: string; sqliteFile: string }): Db {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // A connection the server ends (a restart, or a job's fenced transaction idle past its lease:
    // see server/jobs/lease/with-lease.ts) reports on its client, and unheard that would end this
    // process. The pool drops an idle one; a checked-out one fails the query that next uses it.
    pool.on("error", () => undefined);
    pool.on("connect", (client) => client.on("error", () => undefined));
    return {
      kysely: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: "postgres",
      driver: { dialect: "postgres", pool },
    };
  }
  if (opts.sqliteFile !== ":memory:") fs.mkdirSync(path.dirname(opts.sqliteFile), { recursive: true });
  const sqlite = new BetterSqlite3(opts.sqliteFile);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  // Checkpoints (which fsync, on the request path) every ~40 MB of WAL rather than 4 MB: a write-
  // heavy call such as an order then runs ~1.6x faster, since hot pages are copied back once.
  sqlite.pragma("wal_autocheckpoint = 10000");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  sqlite.defaultSafeIntegers(true);
  return {
    kysely: new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) }),
    dialect: "sqlite",
    driver: { dialect: "sqlite", sqlite },
  };
}

/**
 * Kysely prepares every query afresh; preparing costs more than running a small query. The
 * API issues a bounded set of distinct SQL texts, so keep their prepared statements (better-
 * sqlite3 runs synchronously, so one statement is never used by two queries at once).
 */
function withStatementCache(sqlite: BetterSqlite3.Database, max = 500) {
  const cache = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let stmt = cache.get(sql);
      if (!stmt) {
        stmt = sqlite.prepare(sql);
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
        cache.set(sql, stmt);
      }
      return stmt;
    },
  };
}
