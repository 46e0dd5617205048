import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SqliteCommitStamp } from "../../server/lib/sqlite-commit-stamp";
import { SESSION_CACHE_MAX_AGE_MS } from "../../server/modules/auth/session-cache";
import { createTestApp } from "./support/test-app";
import { newUser } from "./shop/support/shop-fixtures";

/** Runs SQL on the database file from another process, as the migrate command or an operator's sqlite3 would. */
function writeFromAnotherProcess(file: string, sql: string): void {
  const script = `const D = require("better-sqlite3"); const db = new D(process.argv[1]); db.pragma("busy_timeout = 5000"); db.exec(process.argv[2]); db.close();`;
  execFileSync(process.execPath, ["-e", script, file, sql], { cwd: process.cwd() });
}

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pex-session-cache-"));
});
afterEach(() => {
  vi.useRealTimers();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("SqliteCommitStamp", () => {
  it("stays the same until a commit, by this connection or another process, changes it", () => {
    const file = path.join(dir, "stamp.sqlite");
    const sqlite = new BetterSqlite3(file);
    try {
      sqlite.pragma("journal_mode = WAL");
      sqlite.exec("create table t (id integer primary key, v text)");
      const stamp = new SqliteCommitStamp(sqlite);
      const first = stamp.current();
      expect(first).not.toBeNull();
      sqlite.prepare("select * from t").all();
      expect(stamp.current()).toBe(first);

      sqlite.prepare("insert into t (v) values ('a')").run();
      const afterOwn = stamp.current();
      expect(afterOwn).not.toBe(first);

      // A statement that changes nothing and a rolled-back write commit nothing.
      sqlite.prepare("update t set v = 'b' where id = 99").run();
      sqlite.exec("begin; insert into t (v) values ('gone'); rollback");
      expect(stamp.current()).toBe(afterOwn);

      writeFromAnotherProcess(file, "insert into t (v) values ('c')");
      const afterOther = stamp.current();
      expect(afterOther).not.toBe(afterOwn);

      // A checkpoint that restarts the WAL is a change too (new salts), never a return to old bytes.
      sqlite.pragma("wal_checkpoint(TRUNCATE)");
      sqlite.prepare("insert into t (v) values ('d')").run();
      expect(stamp.current()).not.toBe(afterOther);
    } finally {
      sqlite.close();
    }
  });

  it("tells nothing where there is no WAL index to read: in memory, not in WAL mode, closed", () => {
    const memory = new BetterSqlite3(":memory:");
    expect(new SqliteCommitStamp(memory).current()).toBeNull();
    memory.close();

    const rollbackJournal = new BetterSqlite3(path.join(dir, "delete.sqlite"));
    rollbackJournal.pragma("journal_mode = DELETE");
    rollbackJournal.exec("create table t (id integer primary key)");
    expect(new SqliteCommitStamp(rollbackJournal).current()).toBeNull();
    rollbackJournal.close();

    const wal = new BetterSqlite3(path.join(dir, "closed.sqlite"));
    wal.pragma("journal_mode = WAL");
    wal.exec("create table t (id integer primary key)");
    const stamp = new SqliteCommitStamp(wal);
    expect(stamp.current()).not.toBeNull();
    wal.close();
    expect(stamp.current()).toBeNull();
  });
});

// createTestApp runs on PostgreSQL when TEST_DATABASE_URL is set; the cache is SQLite's alone.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))("session lookups on a SQLite file", () => {
  type FileApp = Awaited<ReturnType<typeof createTestApp>> & { file: string };
  let t: FileApp;
  /** The statements better-sqlite3 has run for one row since the test began (each session lookup is one). */
  let reads: () => number;
  let restoreReads: () => void;

  beforeEach(async () => {
    const file = path.join(dir, "app.sqlite");
    t = { ...(await createTestApp({ SQLITE_FILE: file })), file };
    if (t.db.driver.dialect !== "sqlite") throw new Error("these tests need SQLite");
    const proto = Object.getPrototypeOf(t.db.driver.sqlite.prepare("select 1")) as { get: (...args: unknown[]) => unknown };
    const original = proto.get;
    let n = 0;
    proto.get = function (this: unknown, ...args: unknown[]) {
      n++;
      return original.apply(this, args);
    };
    reads = () => n;
    restoreReads = () => void (proto.get = original);
  });
  afterEach(async () => {
    restoreReads();
    await t.close();
  });

  const info = async (token: string) => {
    const res = await t.app.inject({ method: "GET", url: "/base/api/user/info", headers: { token } });
    return { statusCode: res.statusCode, json: () => res.json() as { code: number; data: Record<string, string> } };
  };

  it("reads a session once while nothing is committed", async () => {
    const user = await newUser(t.app, t.db.kysely, { nickname: "once" });
    const before = reads();
    const answers = await Promise.all(Array.from({ length: 50 }, () => info(user.token)));
    expect(answers.every((a) => a.statusCode === 200 && a.json().data.nickname === "once")).toBe(true);
    expect(reads() - before).toBe(1);
  });

  it("answers another process's change of the balance at once, to 100 parallel calls", async () => {
    const user = await newUser(t.app, t.db.kysely, { usdt: 5_000_000n });
    const first = await Promise.all(Array.from({ length: 100 }, () => info(user.token)));
    expect(new Set(first.map((a) => a.json().data.amountUsdt))).toEqual(new Set(["5000000"]));

    // The balance an attacker would like a stale answer to show after it was spent elsewhere.
    writeFromAnotherProcess(t.file, `update users set amount_usdt = 1, nickname = 'changed' where id = ${user.id}`);
    const after = await Promise.all(Array.from({ length: 100 }, () => info(user.token)));
    expect(new Set(after.map((a) => `${a.json().data.amountUsdt} ${a.json().data.nickname}`))).toEqual(new Set(["1 changed"]));
  });

  it("ends a session at once: logout, a revocation by another process, its expiry with nothing committed", async () => {
    const out = await newUser(t.app, t.db.kysely);
    const revoked = await newUser(t.app, t.db.kysely);
    const expiring = await newUser(t.app, t.db.kysely);
    // Half a second left: it expires well within the longest an answer is otherwise kept.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    await t.db.kysely
      .updateTable("sessions")
      .set({ expires_at: BigInt(Date.now() + 500) })
      .where("user_id", "=", expiring.id)
      .execute();
    for (const u of [out, revoked, expiring]) expect((await info(u.token)).statusCode).toBe(200);

    const logout = await t.app.inject({ method: "POST", url: "/base/api/user/logout", headers: { token: out.token } });
    expect(logout.json().code).toBe(0);
    expect((await info(out.token)).statusCode).toBe(401);

    writeFromAnotherProcess(t.file, `delete from sessions where user_id = ${revoked.id}`);
    expect((await info(revoked.token)).statusCode).toBe(401);

    vi.setSystemTime(Date.now() + 499);
    expect((await info(expiring.token)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 1);
    expect((await info(expiring.token)).statusCode).toBe(401);
  });

  it("reads again after the longest an answer is kept", async () => {
    const user = await newUser(t.app, t.db.kysely);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    expect((await info(user.token)).statusCode).toBe(200);
    const before = reads();
    expect((await info(user.token)).statusCode).toBe(200);
    expect(reads()).toBe(before);
    vi.setSystemTime(Date.now() + SESSION_CACHE_MAX_AGE_MS);
    expect((await info(user.token)).statusCode).toBe(200);
    expect(reads()).toBe(before + 1);
  });

  it("never keeps a token it could not find", async () => {
    await newUser(t.app, t.db.kysely);
    const before = reads();
    for (let i = 0; i < 3; i++) expect((await info("not-a-session")).statusCode).toBe(401);
    expect(reads() - before).toBe(3);
  });
});
