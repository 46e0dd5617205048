import fc from "fast-check";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { assetsTestEnv, type AssetsTestEnv, FUND_PASSWORD, PAYOUT_ADDRESS, post, SETUP_TIMEOUT_MS, snapshot } from "./support";
import { badValue, FUZZ_RUNS } from "./fuzz";

let env: AssetsTestEnv;
const EXPLORER = "https://bscscan.com/tx/{hash}";
beforeEach(async () => {
  env = await assetsTestEnv({ EXPLORER_TX_URL: EXPLORER });
}, SETUP_TIMEOUT_MS);
afterEach(async () => env.close(), SETUP_TIMEOUT_MS);

const records = (body?: unknown, token = env.aliceToken) => post(env.app, "/asset/records", token, body);

async function insert(
  userId: bigint,
  over: Partial<{
    type: "recharge" | "withdraw" | "order" | "income" | "reward" | "transfer";
    status: "pending" | "sending" | "success" | "failed";
    tx_hash: string | null;
    amount: bigint;
    currency: "CNY" | "USDT";
  }> = {},
) {
  const now = Date.now();
  const row = await env.db.kysely
    .insertInto("asset_records")
    .values({
      user_id: userId,
      type: "income",
      currency: "USDT",
      amount: 1n,
      status: "success",
      tx_hash: null,
      address: null,
      ref: null,
      note: null,
      attempts: 0,
      created_at: now,
      updated_at: now,
      ...over,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

describe("POST /base/api/asset/records", { timeout: SETUP_TIMEOUT_MS }, () => {
  it("pages the user's own records newest first, with defaults page 1 and limit 10", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push(await insert(env.aliceId, { amount: BigInt(i + 1) }));
    await insert(env.bobId);
    const total = Number(
      (
        await env.db.kysely
          .selectFrom("asset_records")
          .select((eb) => eb.fn.countAll().as("n"))
          .where("user_id", "=", env.aliceId)
          .executeTakeFirstOrThrow()
      ).n,
    );

    for (const body of [undefined, {}]) {
      const first = (await records(body)).json();
      expect(first.code).toBe(0);
      expect(first.data).toMatchObject({ total, page: 1, limit: 10 });
      expect(first.data.list).toHaveLength(10);
      expect(first.data.list[0].id).toBe(ids[11]);
    }
    const second = (await records({ page: 2, limit: 10 })).json().data;
    expect(second.list.map((r: { id: number }) => r.id)).toContain(ids[0]);
    const all = (await records({ limit: 100 })).json().data.list as { id: number }[];
    expect(all).toHaveLength(Math.min(total, 100));
    // Bob's record never shows up in Alice's list.
    const bobIds = (await records({ limit: 100 }, env.bobToken)).json().data.list.map((r: { id: number }) => r.id);
    expect(all.some((r) => bobIds.includes(r.id))).toBe(false);
  });

  it("answers each record with the capitalised status, amount as a string and an explorer link when hashed", async () => {
    const hash = `0x${"ab".repeat(32)}`;
    const id = await insert(env.aliceId, { type: "withdraw", status: "sending", tx_hash: hash, amount: -20_000_000n });
    const failed = await insert(env.aliceId, { type: "recharge", status: "failed" });
    const list = (await records({ limit: 100 })).json().data.list as Record<string, unknown>[];
    const row = list.find((r) => r.id === id)!;
    expect(row).toMatchObject({
      type: "withdraw",
      currency: "USDT",
      amount: "-20000000",
      status: "Pending",
      txHash: hash,
      explorerUrl: `https://bscscan.com/tx/${hash}`,
    });
    expect(typeof row.time).toBe("number");
    expect(list.find((r) => r.id === failed)).toMatchObject({ status: "Failed", txHash: null, explorerUrl: null });
  });

  it("filters by type, currency and status", async () => {
    await insert(env.aliceId, { type: "order", currency: "CNY", amount: -100n });
    await insert(env.aliceId, { type: "withdraw", status: "sending", amount: -10n });
    const orders = (await records({ type: "order", currency: "CNY", limit: 100 })).json().data;
    expect(orders.list.length).toBeGreaterThan(0);
    expect(orders.list.every((r: { type: string; currency: string }) => r.type === "order" && r.currency === "CNY")).toBe(true);
    const pending = (await records({ status: "Pending", limit: 100 })).json().data.list;
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((r: { status: string }) => r.status === "Pending")).toBe(true);
  });

  it("shows a withdrawal made over the API", async () => {
    const made = (
      await post(env.app, "/asset/withdraw", env.aliceToken, {
        type: 2,
        address: PAYOUT_ADDRESS,
        amount: "10000000",
        password: FUND_PASSWORD,
      })
    ).json();
    const list = (await records({ type: "withdraw" })).json().data.list;
    expect(list[0]).toMatchObject({
      id: made.data.id,
      amount: "-10000000",
      status: "Pending",
      address: PAYOUT_ADDRESS.toLowerCase(),
    });
  });

  it("refuses bad filters with 400", async () => {
    for (const body of [
      { page: 0 },
      { limit: 101 },
      { type: "bonus" },
      { currency: "EUR" },
      { status: "pending" },
      { extra: 1 },
      { page: 1.5 },
    ]) {
      const res = await records(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe(400);
    }
  });

  it("answers 401 without a valid session", async () => {
    expect((await records({}, null as unknown as string)).statusCode).toBe(401);
    expect((await records({}, "forged")).statusCode).toBe(401);
  });

  it("fuzz: never a 5xx, never a change, and a message whenever the code is not 0", async () => {
    const before = await snapshot(env.db);
    const body = fc.oneof(
      badValue,
      fc.record({ page: badValue, limit: badValue, type: badValue, currency: badValue, status: badValue }, { requiredKeys: [] }),
      fc.dictionary(fc.string({ maxLength: 12 }), badValue, { maxKeys: 4 }),
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const res = await records(b);
        expect(res.statusCode).toBeLessThan(500);
        const json = res.json();
        if (json.code !== 0) expect(json.msg.length).toBeGreaterThan(0);
      }),
      { numRuns: FUZZ_RUNS },
    );
    expect(await snapshot(env.db)).toBe(before);
  });
});
