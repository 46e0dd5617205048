import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fenceDb, LeaseLostError, UnfencedWriteError } from "../../../server/jobs/lease/fenced-db";
import { acquireLease } from "../../../server/jobs/lease/lease-store";
import type { Db } from "../../../server/db/database";
import { leaseTestDb, onPostgres, sleep } from "./support";

describe("fenced writes", () => {
  let s: Awaited<ReturnType<typeof leaseTestDb>>;
  beforeEach(async () => {
    s = await leaseTestDb();
  });
  afterEach(() => s.close());

  const take = async (db: Db, holder: string, ttlMs = 300) => {
    const token = await acquireLease(db.kysely, db.dialect, "job", holder, ttlMs);
    if (token === null) throw new Error(`${holder} did not get the lease`);
    return fenceDb(db.kysely, db.dialect, { name: "job", holder, token });
  };
  const write = (db: ReturnType<typeof fenceDb>, key: string) =>
    db.transaction().execute((trx) => trx.insertInto("app_meta").values({ key, value: "x" }).execute());
  const keys = async () =>
    (await s.db.kysely.selectFrom("app_meta").select("key").where("key", "like", "w:%").orderBy("key").execute()).map(
      (r) => r.key,
    );

  it("refuses the old holder's write after a takeover, leaving nothing; the new holder's lands", async () => {
    const old = await take(s.db, "a");
    await write(old, "w:a1");
    await sleep(350);
    const fresh = await take(s.db, "b");
    await expect(write(old, "w:a2")).rejects.toBeInstanceOf(LeaseLostError);
    await write(fresh, "w:b1");
    expect(await keys()).toEqual(["w:a1", "w:b1"]);
  });

  it("refuses a write once the lease expired, even with nobody else holding it", async () => {
    const db = await take(s.db, "a", 200);
    await sleep(250);
    await expect(write(db, "w:late")).rejects.toBeInstanceOf(LeaseLostError);
    expect(await keys()).toEqual([]);
  });

  it("throws on writes outside a transaction; reads pass through", async () => {
    const db = await take(s.db, "a", 60_000);
    expect(() => db.insertInto("app_meta")).toThrow(UnfencedWriteError);
    expect(() => db.updateTable("app_meta")).toThrow(UnfencedWriteError);
    expect(() => db.deleteFrom("app_meta")).toThrow(UnfencedWriteError);
    expect(() => db.replaceInto("app_meta")).toThrow(UnfencedWriteError);
    expect(() => db.mergeInto("app_meta")).toThrow(UnfencedWriteError);
    expect(() => db.with("x", (q) => q.selectFrom("app_meta").select("key")).deleteFrom("app_meta")).toThrow(UnfencedWriteError);
    await expect(sql`delete from app_meta where key = 'w:x'`.execute(db)).rejects.toBeInstanceOf(UnfencedWriteError);
    await expect(sql`insert into app_meta (key, value) values ('w:x', 'x')`.execute(db)).rejects.toBeInstanceOf(
      UnfencedWriteError,
    );
    expect(await db.selectFrom("job_leases").select("holder").execute()).toEqual([{ holder: "a" }]);
    expect((await sql<{ n: unknown }>`select 1 as n`.execute(db)).rows).toHaveLength(1);
    await write(db, "w:ok");
    expect(await keys()).toEqual(["w:ok"]);
  });

  it.skipIf(!onPostgres)("makes a takeover wait for the old holder's open fenced transaction to commit", async () => {
    const old = await take(s.db, "a");
    const events: string[] = [];
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    let started!: () => void;
    const inside = new Promise<void>((resolve) => (started = resolve));
    const tx = old.transaction().execute(async (trx) => {
      await trx.insertInto("app_meta").values({ key: "w:a", value: "x" }).execute();
      started();
      await held;
      events.push("old holder committed");
    });
    await inside;
    await sleep(350); // the lease has expired while the transaction is open
    const other = s.otherProcess();
    const takeover = acquireLease(other.kysely, other.dialect, "job", "b", 300).then((token) => {
      events.push("takeover");
      return token;
    });
    await sleep(300);
    expect(events).toEqual([]); // still waiting on the old holder's lock
    finish();
    await tx;
    expect(await takeover).toBe(2n);
    expect(events).toEqual(["old holder committed", "takeover"]);
    await expect(write(old, "w:a2")).rejects.toBeInstanceOf(LeaseLostError);
    expect(await keys()).toEqual(["w:a"]);
  });

  it.skipIf(!onPostgres)(
    "ends an open fenced transaction left idle past the lease (a paused holder), so the takeover need not wait for its resume",
    async () => {
      const token = await acquireLease(s.db.kysely, s.db.dialect, "job", "a", 300);
      const old = fenceDb(s.db.kysely, s.db.dialect, { name: "job", holder: "a", token: token! }, { idleLimitMs: 300 });
      let resume!: () => void;
      const paused = new Promise<void>((resolve) => (resume = resolve));
      let started!: () => void;
      const inside = new Promise<void>((resolve) => (started = resolve));
      const tx = old.transaction().execute(async (trx) => {
        await trx.insertInto("app_meta").values({ key: "w:paused", value: "x" }).execute();
        started();
        await paused; // SIGSTOP: the process sends nothing more
        await trx.insertInto("app_meta").values({ key: "w:resumed", value: "x" }).execute();
      });
      const failed = tx.then(
        () => null,
        (err: unknown) => err,
      );
      await inside;
      const other = s.otherProcess();
      const startedAt = Date.now();
      let taken: bigint | null = null;
      while (taken === null && Date.now() - startedAt < 5000) {
        taken = await acquireLease(other.kysely, other.dialect, "job", "b", 300);
        if (taken === null) await sleep(50);
      }
      expect(taken).toBe(2n);
      expect(Date.now() - startedAt).toBeLessThan(2 * 300 + 300); // within two leases, plus polling slack
      resume(); // SIGCONT: what it sends now finds its connection gone
      expect(await failed).toBeInstanceOf(Error);
      expect(await keys()).toEqual([]);
    },
  );
});
