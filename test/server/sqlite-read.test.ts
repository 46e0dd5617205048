import BetterSqlite3 from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { canReadDirectly, sqliteRowReader } from "../../server/lib/sqlite-read";
import { createTestApp } from "./support/test-app";
import { newUser } from "./shop/support/shop-fixtures";

describe("sqliteRowReader", () => {
  let sqlite: BetterSqlite3.Database;
  beforeEach(() => {
    sqlite = new BetterSqlite3(":memory:");
    sqlite.defaultSafeIntegers(true);
    sqlite.exec("create table t (id integer primary key, name text, amount integer, note text)");
    sqlite.prepare("insert into t values (?, ?, ?, ?)").run(1n, "a", 12345678901234567890n & 0x7fffffffffffffffn, null);
  });
  afterEach(() => sqlite.close());

  const text = "select t.*, upper(name) as shout from t where id = ?";

  it("answers the row better-sqlite3 would, bigints included, or undefined", () => {
    const read = sqliteRowReader<Record<string, unknown>>(text);
    expect(read(sqlite, [1n])).toEqual(sqlite.prepare(text).get(1n));
    expect(read(sqlite, [1n])).toEqual({
      id: 1n,
      name: "a",
      amount: 12345678901234567890n & 0x7fffffffffffffffn,
      note: null,
      shout: "A",
    });
    expect(read(sqlite, [2n])).toBeUndefined();
  });

  it("keeps the last of two columns of one name, as better-sqlite3 does, and refuses __proto__", () => {
    const twice = "select t.name, upper(t.name) as name, t.id from t where id = ?";
    expect(sqliteRowReader(twice)(sqlite, [1n])).toEqual(sqlite.prepare(twice).get(1n));
    expect(sqliteRowReader(twice)(sqlite, [1n])).toEqual({ name: "A", id: 1n });
    expect(() => sqliteRowReader('select 1 as "__proto__"')(sqlite, [])).toThrow(/__proto__/);
  });

  it("refuses to read inside a transaction, where it would see uncommitted writes", () => {
    const read = sqliteRowReader(text);
    sqlite.exec("begin");
    expect(canReadDirectly(sqlite)).toBe(false);
    expect(() => read(sqlite, [1n])).toThrow(/inside a transaction/);
    sqlite.exec("rollback");
    expect(canReadDirectly(sqlite)).toBe(true);
  });
});

describe("the session lookup while a transaction is open", () => {
  it("never answers a change that transaction has not committed", async () => {
    const t = await createTestApp();
    try {
      const user = await newUser(t.app, t.db.kysely, { nickname: "kept" });
      let during: Promise<{ json(): { data: { nickname: string } } }> | undefined;
      await t.db.kysely
        .transaction()
        .execute(async (trx) => {
          await trx.updateTable("users").set({ nickname: "uncommitted" }).where("id", "=", user.id).execute();
          during = t.app.inject({ method: "GET", url: "/base/api/user/info", headers: { token: user.token } });
          // Long enough for the call to reach its session lookup while this transaction is open.
          await new Promise((resolve) => setTimeout(resolve, 50));
          throw new Error("undo");
        })
        .catch((err: unknown) => {
          if (!(err instanceof Error) || err.message !== "undo") throw err;
        });
      expect((await during!).json().data.nickname).toBe("kept");
    } finally {
      await t.close();
    }
  });

  it("while it waits for the transaction, an unknown or missing token is still a 401, and a good one is answered", async () => {
    const t = await createTestApp();
    try {
      const user = await newUser(t.app, t.db.kysely, { nickname: "kept" });
      const calls: Promise<{ statusCode: number; json(): { code: number } }>[] = [];
      await t.db.kysely.transaction().execute(async () => {
        for (const headers of [{ token: "not-a-session" }, {}, { token: user.token }])
          calls.push(t.app.inject({ method: "GET", url: "/base/api/user/info", headers }));
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
      const [unknown, missing, good] = await Promise.all(calls);
      expect([unknown!.statusCode, unknown!.json().code]).toEqual([401, 401]);
      expect([missing!.statusCode, missing!.json().code]).toEqual([401, 401]);
      expect([good!.statusCode, good!.json().code]).toEqual([200, 0]);
    } finally {
      await t.close();
    }
  });
});
