import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquireLease, releaseLease } from "../../../server/jobs/lease/lease-store";
import { leaseTestDb, sleep } from "./support";

describe("job leases in the database", () => {
  let s: Awaited<ReturnType<typeof leaseTestDb>>;
  beforeEach(async () => {
    s = await leaseTestDb();
  });
  afterEach(() => s.close());
  const acquire = (holder: string, ttlMs = 300) => acquireLease(s.db.kysely, s.db.dialect, "job", holder, ttlMs);

  it("gives a live lease to one holder; renewals keep the token; after expiry another takes it with token + 1", async () => {
    expect(await acquire("a")).toBe(1n);
    expect(await acquire("b")).toBeNull();
    expect(await acquire("a")).toBe(1n);
    expect(await acquire("b")).toBeNull();
    await sleep(350);
    expect(await acquire("b")).toBe(2n);
    expect(await acquire("a")).toBeNull();
    expect(await acquire("b")).toBe(2n);
    const row = await s.db.kysely.selectFrom("job_leases").selectAll().executeTakeFirstOrThrow();
    expect({ holder: row.holder, token: BigInt(row.token) }).toEqual({ holder: "b", token: 2n });
  });

  it("a release ends the lease at once, but only the holder's own with its token", async () => {
    expect(await acquire("a", 60_000)).toBe(1n);
    await releaseLease(s.db.kysely, s.db.dialect, { name: "job", holder: "b", token: 1n });
    await releaseLease(s.db.kysely, s.db.dialect, { name: "job", holder: "a", token: 7n });
    expect(await acquire("b")).toBeNull();
    await releaseLease(s.db.kysely, s.db.dialect, { name: "job", holder: "a", token: 1n });
    expect(await acquire("b")).toBe(2n);
  });

  it("measures expiry on the database's clock", async () => {
    await acquire("a", 60_000);
    const { expires_at } = await s.db.kysely.selectFrom("job_leases").select("expires_at").executeTakeFirstOrThrow();
    // This machine's clock and the database's are the same here; on a cluster they need not be.
    expect(Math.abs(Number(expires_at) - (Date.now() + 60_000))).toBeLessThan(5_000);
  });
});
