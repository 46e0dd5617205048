import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../../server/db/database";
import { acquireLease, releaseLease } from "../../../server/jobs/lease/lease-store";
import { JobLease, LeaseLostError, withLease } from "../../../server/jobs/lease/with-lease";
import { leaseTestDb, onPostgres, sleep } from "./support";

/** ADR-0197: a job writes only in withLease, which checks its lease first. */
describe("writes fenced by the job's lease (withLease)", () => {
  let s: Awaited<ReturnType<typeof leaseTestDb>>;
  beforeEach(async () => {
    s = await leaseTestDb();
  });
  afterEach(() => s.close());

  const take = async (db: Db, holder: string, ttlMs = 300, idleLimitMs?: number) => {
    const token = await acquireLease(db.kysely, db.dialect, "job", holder, ttlMs);
    if (token === null) throw new Error(`${holder} did not get the lease`);
    return new JobLease(db, { name: "job", holder, token }, { idleLimitMs });
  };
  /** A write as a job makes it; `ran` counts the callbacks that got as far as running. */
  let ran = 0;
  const write = (lease: JobLease, key: string) =>
    withLease(lease, async (trx) => {
      ran++;
      await trx.insertInto("app_meta").values({ key, value: "x" }).execute();
    });
  beforeEach(() => {
    ran = 0;
  });
  const keys = async () =>
    (await s.db.kysely.selectFrom("app_meta").select("key").where("key", "like", "w:%").orderBy("key").execute()).map(
      (r) => r.key,
    );

  it("refuses the old holder's write after a takeover, leaving nothing; the new holder's lands", async () => {
    const old = await take(s.db, "a");
    await write(old, "w:a1");
    await sleep(350);
    const fresh = await take(s.otherProcess(), "b");
    await expect(write(old, "w:a2")).rejects.toBeInstanceOf(LeaseLostError);
    await write(fresh, "w:b1");
    expect(await keys()).toEqual(["w:a1", "w:b1"]);
    expect(ran).toBe(2); // the refused write's callback never ran
  });

  it("refuses a write once the lease expired, even with nobody else holding it", async () => {
    const lease = await take(s.db, "a", 200);
    await sleep(250);
    await expect(write(lease, "w:late")).rejects.toBeInstanceOf(LeaseLostError);
    const direct = lease.transaction(async (trx) => {
      ran++;
      await trx.insertInto("app_meta").values({ key: "w:direct", value: "x" }).execute();
    });
    await expect(direct).rejects.toBeInstanceOf(LeaseLostError);
    expect(await keys()).toEqual([]);
    expect(ran).toBe(0);
  });

  it("refuses the same holder under an old token: the lease went to another holder and came back with a new one", async () => {
    const first = await take(s.db, "a", 60_000);
    await write(first, "w:1");
    await releaseLease(s.db.kysely, s.db.dialect, first.lease); // handed over, as at a graceful shutdown
    const other = await take(s.otherProcess(), "b", 60_000);
    await releaseLease(s.db.kysely, s.db.dialect, other.lease);
    const again = await take(s.db, "a", 60_000);
    expect(again.lease.token).toBe(first.lease.token + 2n);
    await expect(write(first, "w:stale")).rejects.toBeInstanceOf(LeaseLostError);
    await expect(write(other, "w:other")).rejects.toBeInstanceOf(LeaseLostError);
    await write(again, "w:3");
    expect(await keys()).toEqual(["w:1", "w:3"]);
  });

  it.skipIf(!onPostgres)("makes a takeover wait for the old holder's open fenced transaction to commit", async () => {
    const old = await take(s.db, "a");
    const events: string[] = [];
    let finish!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    let started!: () => void;
    const inside = new Promise<void>((resolve) => (started = resolve));
    const tx = withLease(old, async (trx) => {
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
    "ends an open fenced transaction left idle past its limit (a paused holder): the takeover waits for that, not for the resume",
    async () => {
      // A lease of 100 ms, and transactions ended after 400 ms idle: the takeover, due after 100
      // ms, waits on the open transaction's lock until the server ends it.
      const old = await take(s.db, "a", 100, 400);
      let resume!: () => void;
      const paused = new Promise<void>((resolve) => (resume = resolve));
      let started!: () => void;
      const inside = new Promise<void>((resolve) => (started = resolve));
      const tx = withLease(old, async (trx) => {
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
        taken = await acquireLease(other.kysely, other.dialect, "job", "b", 100);
        if (taken === null) await sleep(50);
      }
      expect(taken).toBe(2n);
      const waited = Date.now() - startedAt;
      expect(waited).toBeGreaterThanOrEqual(350); // held back by the fence's lock …
      expect(waited).toBeLessThan(400 + 300); // … until the idle limit, plus slack
      resume(); // SIGCONT: what it sends now finds its connection gone
      expect(await failed).toBeInstanceOf(Error);
      expect(await keys()).toEqual([]);
    },
  );
});
