import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SNAPSHOT_FIGURES, type SnapshotPoint, syntheticHistory } from "../../../domain/snapshot-history";
import { runSnapshotPass } from "../../../server/jobs/protocol-snapshots";
import { createTestApp } from "../support/test-app";
import type { JobLease } from "../../../server/jobs/lease/with-lease";
import { heldLease } from "../support/held-lease";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let lease: JobLease;
beforeAll(async () => {
  t = await createTestApp();
  lease = await heldLease(t.db, "protocol-snapshots");
});
afterAll(async () => t.close());

const E18 = 10n ** 18n;
const GENESIS_A = `0x${"a".repeat(64)}`;
const GENESIS_B = `0x${"b".repeat(64)}`;

function reading(takenAt: number, block: bigint, scale = 1n): SnapshotPoint {
  const figures = Object.fromEntries(
    SNAPSHOT_FIGURES.map((f, i) => [f, BigInt(i + 1) * 1000n * E18 * scale]),
  ) as SnapshotPoint["figures"];
  figures.pexPrice = 3n * E18;
  return { takenAt, blockNumber: block, synthetic: false, figures, ethPrice: 3000n * E18 + block, polShareBps: 9999n };
}

async function get(query: string) {
  const res = await t.app.inject({ method: "GET", url: `/base/api/protocol/snapshots${query}` });
  return {
    status: res.statusCode,
    ...(res.json() as { code: number; msg: string; data: { range: string; list: Array<Record<string, unknown>> } }),
  };
}

async function latest() {
  const res = await t.app.inject({ method: "GET", url: "/base/api/protocol/snapshots/latest" });
  return res.json() as { code: number; data: { snapshot: Record<string, unknown> | null } };
}

const rowCount = async () =>
  Number(
    (
      await t.db.kysely
        .selectFrom("protocol_snapshots")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("GET /base/api/protocol/snapshots", () => {
  it("answers an empty list before any snapshot, without a session", async () => {
    for (const range of ["7d", "30d", "90d", "max"]) {
      expect(await get(`?range=${range}`)).toMatchObject({ code: 0, data: { range, list: [] } });
    }
    expect((await get("")).data.range).toBe("30d");
    expect(await latest()).toMatchObject({ code: 0, data: { snapshot: null } });
  });

  it("records a real snapshot after 90 days of synthetic history, labelled so", async () => {
    const now = Date.now();
    const first = await runSnapshotPass(lease, { genesisHash: GENESIS_A, read: async () => reading(now, 42n) });
    expect(first?.synthetic).toBe(360);
    const week = await get("?range=7d");
    expect(week.code).toBe(0);
    const list = week.data.list;
    // Every 6 hours for 7 days (the point exactly 7 days old may fall out as the clock moves on), plus the real one.
    expect([7 * 4, 7 * 4 + 1]).toContain(list.length);
    expect(list.at(-1)).toMatchObject({ at: now, block: 42, synthetic: false, pexPrice: (3n * E18).toString() });
    expect(list.slice(0, -1).every((p) => p.synthetic === true && p.block === 0)).toBe(true);
    // The ETH price and the pool share are recorded with a real reading; the made-up history has none.
    expect(list.at(-1)).toMatchObject({ ethPrice: (3000n * E18 + 42n).toString(), polShareBps: "9999" });
    expect(list.slice(0, -1).every((p) => p.ethPrice === null && p.polShareBps === null)).toBe(true);
    for (const p of list) for (const f of SNAPSHOT_FIGURES) expect(p[f]).toMatch(/^\d+$/);
    // Oldest first.
    expect(list.map((p) => p.at as number)).toEqual([...list.map((p) => p.at as number)].sort((a, b) => a - b));
    expect((await get("?range=max")).data.list.length).toBe(361);
    expect((await get("?range=90d")).data.list.length).toBeGreaterThanOrEqual(360);
  });

  it("adds no more synthetic history on later passes", async () => {
    const later = await runSnapshotPass(lease, {
      genesisHash: GENESIS_A,
      read: async () => reading(Date.now() + 1000, 43n),
    });
    expect(later?.synthetic).toBe(0);
    const list = (await get("?range=7d")).data.list;
    expect(list.filter((p) => !p.synthetic).map((p) => p.block)).toEqual([42, 43]);
    // The dashboard's first paint: the newest reading alone, every figure as a decimal string.
    const newest = (await latest()).data.snapshot;
    expect(newest).toEqual(list.at(-1));
    expect(newest).toMatchObject({ block: 43, synthetic: false, ethPrice: (3000n * E18 + 43n).toString(), polShareBps: "9999" });
  });

  it("starts a new history for a new chain", async () => {
    await runSnapshotPass(lease, { genesisHash: GENESIS_B, read: async () => reading(Date.now(), 7n, 2n) });
    const list = (await get("?range=max")).data.list;
    expect(list.filter((p) => !p.synthetic).map((p) => p.block)).toEqual([7]);
    expect(await rowCount()).toBe(361);
  });

  it("refuses anything but the four ranges with 400 and a clear msg, never touching the table", async () => {
    const before = await rowCount();
    const bad = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.constantFrom(
        "1d",
        "7D",
        "max ",
        "-1",
        "30d&range=7d",
        "'; drop table protocol_snapshots;--",
        "<script>",
        "../../etc",
        "1e309",
      ),
    );
    await fc.assert(
      fc.asyncProperty(bad, fc.boolean(), async (value, extra) => {
        fc.pre(!["7d", "30d", "90d", "max"].includes(value));
        const r = await get(`?range=${encodeURIComponent(value)}${extra ? "&extra=1" : ""}`);
        expect(r.status).toBe(400);
        expect(r.code).toBe(400);
        expect(r.msg).toMatch(/range|extra|querystring/i);
      }),
      { numRuns: 60 },
    );
    expect((await get("?range=7d&x=1")).code).toBe(400);
    expect(await rowCount()).toBe(before);
  });
});

describe("syntheticHistory", () => {
  it("is deterministic, positive, growing figures rise toward the first reading", () => {
    const first = reading(1_700_000_000_000, 1n);
    const a = syntheticHistory(first, GENESIS_A);
    expect(syntheticHistory(first, GENESIS_A)).toEqual(a);
    expect(syntheticHistory(first, GENESIS_B)).not.toEqual(a);
    expect(a.every((p) => p.synthetic && p.takenAt < first.takenAt)).toBe(true);
    for (let i = 1; i < a.length; i++) {
      expect(a[i]!.figures.totalDepositedPex).toBeGreaterThanOrEqual(a[i - 1]!.figures.totalDepositedPex);
      for (const f of SNAPSHOT_FIGURES) expect(a[i]!.figures[f]).toBeGreaterThan(0n);
    }
    expect(a.at(-1)!.figures.totalDepositedPex).toBeLessThanOrEqual(first.figures.totalDepositedPex);
  });
});
