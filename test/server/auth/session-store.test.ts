import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FastifyReply, FastifyRequest } from "fastify";
import { createDb } from "../../../server/db/database";
import { authenticate } from "../../../server/modules/auth/authenticate.plugin";
import { NOT_NOW } from "../../../server/modules/auth/session-store";
import { PgSessionStore } from "../../../server/modules/auth/session-store.pg";
import { SESSION_CACHE_MAX_AGE_MS, SqliteSessionStore } from "../../../server/modules/auth/session-store.sqlite";
import { newProduct, newUser } from "../shop/support/shop-fixtures";
import { createSiblingApp, createTestApp } from "../support/test-app";

/**
 * The session store (ADR-0195): on SQLite a cache of session
 * lookups that learns of other connections' commits from `PRAGMA data_version` and of this
 * connection's own writes from its change count; on PostgreSQL no cache at all.
 */

/** Runs SQL on the database file from another process, as the migrate command or an operator's sqlite3 would. */
function writeFromAnotherProcess(file: string, sql: string): void {
  const script = `const D = require("better-sqlite3"); const db = new D(process.argv[1]); db.pragma("busy_timeout = 5000"); db.exec(process.argv[2]); db.close();`;
  execFileSync(process.execPath, ["-e", script, file, sql], { cwd: process.cwd() });
}

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Info = { statusCode: number; code: number; data: Record<string, string> };

async function info(t: TestApp, token: string): Promise<Info> {
  const res = await t.app.inject({ method: "GET", url: "/base/api/user/info", headers: { token } });
  const json = res.json() as { code: number; data: Record<string, string> };
  return { statusCode: res.statusCode, code: json.code, data: json.data };
}

const parallel = (n: number, t: TestApp, token: string) => Promise.all(Array.from({ length: n }, () => info(t, token)));

/** The distinct answers of a round of calls, as `status balance nickname`. */
const answers = (round: Info[]) =>
  new Set(round.map((a) => (a.statusCode === 200 ? `200 ${a.data.amountUsdt} ${a.data.nickname}` : `${a.statusCode}`)));

// createTestApp runs on PostgreSQL when TEST_DATABASE_URL is set; these are SQLite's store alone.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("session lookups on a SQLite file", () => {
  let dir: string;
  let file: string;
  let t: TestApp;
  /** The session lookups better-sqlite3 has run since the test began. */
  let reads: () => number;
  let restoreReads: () => void;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "pex-session-store-"));
    file = path.join(dir, "app.sqlite");
    t = await createTestApp({ SQLITE_FILE: file });
    if (t.db.driver.dialect !== "sqlite") throw new Error("these tests need SQLite");
    const proto = Object.getPrototypeOf(t.db.driver.sqlite.prepare("select 1")) as {
      get: (this: { source: string }, ...args: unknown[]) => unknown;
    };
    const original = proto.get;
    let n = 0;
    proto.get = function (...args: unknown[]) {
      if (this.source.includes('from "sessions"')) n++;
      return original.apply(this, args);
    };
    reads = () => n;
    restoreReads = () => void (proto.get = original);
  });
  afterEach(async () => {
    vi.useRealTimers();
    restoreReads();
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("reads a session once for 50 parallel calls while nothing is written", async () => {
    const user = await newUser(t.app, t.db.kysely, { nickname: "once" });
    const before = reads();
    expect(answers(await parallel(50, t, user.token))).toEqual(new Set(["200 0 once"]));
    expect(reads() - before).toBe(1);
  });

  it("authenticates without a promise, from one frozen kept answer after the first read", async () => {
    const user = await newUser(t.app, t.db.kysely);
    if (t.db.driver.dialect !== "sqlite") throw new Error("SQLite");
    const store = new SqliteSessionStore(t.db, t.db.driver.sqlite);
    const signIn = () => {
      const request = { headers: { token: user.token }, server: { sessionStore: store } } as unknown as FastifyRequest;
      let called: unknown = "not yet";
      authenticate(request, {} as FastifyReply, (err) => void (called = err));
      // Done within this turn: nothing was awaited on the way.
      expect(called).toBeUndefined();
      return request.user;
    };
    const before = reads();
    const first = signIn();
    const second = signIn();
    expect(BigInt(second.id)).toBe(user.id);
    expect(reads() - before).toBe(1);
    expect(second).toBe(first);
    expect(Object.isFrozen(second)).toBe(true);
  });

  it("shows another process's change of the balance to every one of 100 parallel calls after it", async () => {
    const user = await newUser(t.app, t.db.kysely, { usdt: 5_000_000n, nickname: "rich" });
    expect(answers(await parallel(100, t, user.token))).toEqual(new Set(["200 5000000 rich"]));

    // The balance an attacker would like a stale answer to show after it was spent elsewhere.
    writeFromAnotherProcess(file, `update users set amount_usdt = 1, nickname = 'spent' where id = ${user.id}`);
    expect(answers(await parallel(100, t, user.token))).toEqual(new Set(["200 1 spent"]));
  });

  it("ends a session deleted by another connection for every one of 100 parallel calls after it", async () => {
    const user = await newUser(t.app, t.db.kysely);
    expect(answers(await parallel(100, t, user.token))).toEqual(new Set(["200 0 null"]));

    const other = new BetterSqlite3(file);
    try {
      other.pragma("busy_timeout = 5000");
      other.prepare("delete from sessions where user_id = ?").run(user.id);
    } finally {
      other.close();
    }
    expect(answers(await parallel(100, t, user.token))).toEqual(new Set(["401"]));
  });

  it("ends kept answers at the next call after this connection's own writes: logout, a payment, any write", async () => {
    const user = await newUser(t.app, t.db.kysely, { usdt: 50_000_000n });
    const other = await newUser(t.app, t.db.kysely);
    const productId = await newProduct(t.db.kysely, { priceUsdt: 10_000_000n });
    expect((await info(t, user.token)).data.amountUsdt).toBe("50000000");

    // A payment through the API: the debit commits on this connection.
    const order = await t.app.inject({
      method: "POST",
      url: "/base/api/home/order",
      headers: { token: user.token },
      payload: { productId: Number(productId), payType: 2 },
    });
    expect(order.json().code).toBe(0);
    expect((await info(t, user.token)).data.amountUsdt).toBe("40000000");

    // A write Kysely runs as a reader (RETURNING), and one straight through better-sqlite3.
    await t.db.kysely.updateTable("users").set({ nickname: "returned" }).where("id", "=", user.id).returning("id").execute();
    expect((await info(t, user.token)).data.nickname).toBe("returned");
    if (t.db.driver.dialect !== "sqlite") throw new Error("SQLite");
    t.db.driver.sqlite.prepare("update users set nickname = 'direct' where id = ?").run(user.id);
    expect((await info(t, user.token)).data.nickname).toBe("direct");

    // Logout through the API ends this session, and only this one, at the next call.
    expect((await info(t, other.token)).statusCode).toBe(200);
    const logout = await t.app.inject({ method: "POST", url: "/base/api/user/logout", headers: { token: user.token } });
    expect(logout.json().code).toBe(0);
    expect((await info(t, user.token)).statusCode).toBe(401);
    expect((await info(t, other.token)).statusCode).toBe(200);
  });

  it("never answers from before a transaction: neither its uncommitted writes nor, once it commits, the old row", async () => {
    const user = await newUser(t.app, t.db.kysely, { nickname: "kept" });
    expect((await info(t, user.token)).data.nickname).toBe("kept");
    const undo = new Error("undo");
    let during: Promise<Info> | undefined;
    await t.db.kysely
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable("users").set({ nickname: "uncommitted" }).where("id", "=", user.id).execute();
        during = info(t, user.token);
        // Long enough for the call to reach its session lookup while this transaction is open.
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw undo;
      })
      .catch((err: unknown) => {
        if (err !== undo) throw err;
      });
    expect((await during!).data.nickname).toBe("kept");
    expect(answers(await parallel(20, t, user.token))).toEqual(new Set(["200 0 kept"]));

    await t.db.kysely
      .transaction()
      .execute((trx) => trx.updateTable("users").set({ nickname: "committed" }).where("id", "=", user.id).execute());
    expect(answers(await parallel(20, t, user.token))).toEqual(new Set(["200 0 committed"]));
  });

  it("stops answering a session at its expiry, with nothing written", async () => {
    const user = await newUser(t.app, t.db.kysely);
    // Half a second left: it expires well within the longest an answer is otherwise kept.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    await t.db.kysely
      .updateTable("sessions")
      .set({ expires_at: BigInt(Date.now() + 500) })
      .where("user_id", "=", user.id)
      .execute();
    expect((await info(t, user.token)).statusCode).toBe(200);
    const before = reads();
    vi.setSystemTime(Date.now() + 499);
    expect((await info(t, user.token)).statusCode).toBe(200);
    expect(reads()).toBe(before);
    vi.setSystemTime(Date.now() + 1);
    expect((await info(t, user.token)).statusCode).toBe(401);
  });

  it("reads again after the longest an answer is kept", async () => {
    const user = await newUser(t.app, t.db.kysely);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    expect((await info(t, user.token)).statusCode).toBe(200);
    const before = reads();
    vi.setSystemTime(Date.now() + SESSION_CACHE_MAX_AGE_MS - 1);
    expect((await info(t, user.token)).statusCode).toBe(200);
    expect(reads()).toBe(before);
    vi.setSystemTime(Date.now() + 1);
    expect((await info(t, user.token)).statusCode).toBe(200);
    expect(reads()).toBe(before + 1);
  });

  it("never keeps a token it could not find", async () => {
    await newUser(t.app, t.db.kysely);
    const before = reads();
    for (let i = 0; i < 3; i++) expect((await info(t, "not-a-session")).statusCode).toBe(401);
    expect(reads() - before).toBe(3);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("session lookups on PostgreSQL", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  it("keeps nothing: another replica's payment and logout show at the next call, and nothing is answered without the database", async () => {
    const user = await newUser(t.app, t.db.kysely, { usdt: 5_000_000n, nickname: "rich" });
    expect(new PgSessionStore(t.db).findNow()).toBe(NOT_NOW);
    // Another replica: its own app and its own pool. Nothing tells this one of its writes.
    const sibling = await createSiblingApp(t.config, t.db);
    const siblingDb = createDb({ databaseUrl: t.config.databaseUrl, sqliteFile: t.config.sqliteFile });
    try {
      expect(answers(await parallel(50, t, user.token))).toEqual(new Set(["200 5000000 rich"]));
      await siblingDb.kysely.updateTable("users").set({ amount_usdt: 1n, nickname: "spent" }).where("id", "=", user.id).execute();
      expect(answers(await parallel(50, t, user.token))).toEqual(new Set(["200 1 spent"]));

      const logout = await sibling.app.inject({ method: "POST", url: "/base/api/user/logout", headers: { token: user.token } });
      expect(logout.json().code).toBe(0);
      expect(answers(await parallel(50, t, user.token))).toEqual(new Set(["401"]));
    } finally {
      await siblingDb.kysely.destroy();
      await sibling.close();
    }
  });
});
