import type BetterSqlite3 from "better-sqlite3";
import pg from "pg";
import { RateLimiterPostgres, RateLimiterRes, RateLimiterSQLite, type RateLimiterStoreAbstract } from "rate-limiter-flexible";
import type { Kysely } from "kysely";
import type { Db, DbDriver } from "../db/database";
import type { Database } from "../db/schema";

/** Table of every limit (migration 0007_rate_limits owns it; the stores are told it exists). */
const TABLE = "rate_limits";

export interface LimitSpec {
  /** Names the limit in its keys, `<name>:<key>`: limiters with one name share their counts. */
  name: string;
  /** Points one key may use per window. */
  points: number;
  windowSeconds: number;
}

/**
 * A fixed-window limit kept in the app's database by rate-limiter-flexible's SQLite or
 * PostgreSQL store: each call is one atomic upsert of the key's row, so concurrent calls cannot
 * overrun it, and every server process over the same database shares it. The window starts with
 * the first point used and ends `windowSeconds` later (ended windows are deleted by the
 * housekeeping job, server/jobs/session-cleanup.ts).
 */
export class DbRateLimiter {
  private constructor(
    private readonly store: RateLimiterStoreAbstract,
    private readonly exclusive: <T>(run: () => Promise<T>) => Promise<T>,
  ) {}

  static create(db: Db, spec: LimitSpec): DbRateLimiter {
    const options = {
      keyPrefix: spec.name,
      points: spec.points,
      duration: spec.windowSeconds,
      tableName: TABLE,
      tableCreated: true,
      clearExpiredByTimeout: false,
    };
    const { driver } = db;
    if (driver.dialect === "postgres")
      return new DbRateLimiter(
        new RateLimiterPostgres({ ...options, storeClient: numericPool(driver.pool), storeType: "pool" }),
        (run) => run(),
      );
    return new DbRateLimiter(
      new RateLimiterSQLite({ ...options, storeClient: numericSqlite(driver), storeType: "better-sqlite3" }),
      // The store writes through the connection Kysely uses; taking it from Kysely first keeps
      // its write out of whatever transaction Kysely has open on it (which could roll it back).
      (run) => db.kysely.connection().execute(run),
    );
  }

  /** Uses one point of `key`: 0 when allowed, else the milliseconds until its window ends. */
  async take(key: string): Promise<number> {
    try {
      await this.exclusive(() => this.store.consume(key));
      return 0;
    } catch (err) {
      if (err instanceof RateLimiterRes) return Math.max(err.msBeforeNext, 1);
      throw err;
    }
  }

  /** Gives one point of `key` back; answers the points its window still holds. */
  async giveBack(key: string): Promise<number> {
    return (await this.exclusive(() => this.store.reward(key))).consumedPoints;
  }

  /** Forgets `key`'s window: its next point starts a new one. */
  async forget(key: string): Promise<void> {
    await this.exclusive(() => this.store.delete(key));
  }
}

/** Windows that have ended (the stores ignore them and start a new window over them). */
export async function deleteEndedRateLimitWindows(db: Kysely<Database>, now: number): Promise<bigint> {
  const res = await db.deleteFrom(TABLE).where("expire", "<=", BigInt(now)).executeTakeFirst();
  return res.numDeletedRows;
}

/**
 * The app reads 64-bit integers as bigint (money must never pass through a float); the store
 * does arithmetic on `points` and `expire` (ms) with numbers, which both fit.
 */
function numericSqlite(driver: Extract<DbDriver, { dialect: "sqlite" }>) {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    prepare(text: string) {
      let stmt = statements.get(text);
      if (!stmt) {
        stmt = driver.sqlite.prepare(text).safeIntegers(false);
        statements.set(text, stmt);
      }
      return stmt;
    },
    transaction: (fn: () => unknown) => driver.sqlite.transaction(fn),
  };
}

const INT8_OID = 20;
const numericTypes = {
  getTypeParser: (oid: number, format?: "text" | "binary") =>
    oid === INT8_OID ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format as "text"),
};

function numericPool(pool: pg.Pool) {
  return { query: (q: pg.QueryConfig) => pool.query({ ...q, types: numericTypes } as pg.QueryConfig) };
}
