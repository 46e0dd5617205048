import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DAY_MS } from "../../../domain/settlement-day";
import type { AppConfig } from "../../../server/config";
import { createDb, type Db } from "../../../server/db/database";
import { JobLeases } from "../../../server/jobs/lease/job-leases";
import { runSettlementPass, startSettlementJob } from "../../../server/jobs/settlement";
import { placeOrder } from "../../../server/modules/orders/place-order.service";
import { createTestApp } from "../support/test-app";
import { balanceEventMismatches } from "../support/balance-events";
import { ADMIN_TOKEN, balances, ledgerMatchesBalances, newProduct, newUser } from "./support/shop-fixtures";
import { transactorOf } from "../../../server/db/transactor";

let app: FastifyInstance;
let db: Db;
let config: AppConfig;
let close: () => Promise<void>;
let tmpDir: string | undefined;
const rules = { rewardRatesPpm: [100_000, 50_000] };

beforeEach(async () => {
  // A file database on SQLite, so a second connection ("another server instance") can open it.
  if (!process.env.TEST_DATABASE_URL) tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "shop-settle-"));
  ({ app, db, config, close } = await createTestApp({
    ADMIN_TOKEN,
    ...(tmpDir ? { SQLITE_FILE: path.join(tmpDir, "db.sqlite") } : {}),
  }));
});
afterEach(async () => {
  await close();
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true });
  tmpDir = undefined;
});

/** Another server process running one settlement pass against the same database. */
function settleInChild(target: string, now: number, startAt: number): Promise<{ days: number }> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ["--import", "tsx", SETTLE_ONCE, target, String(now), String(startAt)], (err, stdout, stderr) => {
      if (err) reject(new Error(`${err.message}\n${stderr}`));
      else resolve(JSON.parse(stdout) as { days: number });
    });
  });
}

const SETTLE_ONCE = path.join(import.meta.dirname, "support", "settle-once.ts");

/** A second, independent connection to the same database: what another server process has. */
function secondInstance(): Db {
  return createDb({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
}

async function buy(token: string, productId: bigint) {
  const res = await app.inject({
    method: "POST",
    url: "/base/api/home/order",
    headers: { token },
    payload: { productId: Number(productId), payType: 2 },
  });
  expect(res.json().code).toBe(0);
  return res.json().data as { id: number };
}

const later = (days: number) => Date.now() + days * DAY_MS;

async function settlementRows(orderId: number) {
  return db.kysely
    .selectFrom("order_settlements")
    .select(["day", "amount"])
    .where("order_id", "=", BigInt(orderId))
    .orderBy("day")
    .execute();
}

async function orderState(orderId: number) {
  const o = await db.kysely
    .selectFrom("orders")
    .select(["days_settled", "status"])
    .where("id", "=", BigInt(orderId))
    .executeTakeFirstOrThrow();
  return { daysSettled: Number(o.days_settled), status: o.status };
}

describe("settlement", () => {
  it("pays nothing on the purchase day, then one day's income per day, once", async () => {
    const user = await newUser(app, db.kysely, { usdt: 100_000_000n });
    const productId = await newProduct(db.kysely, { priceUsdt: 100_000_000n, dailyRatePpm: 12_000, cycleDays: 30 });
    const o = await buy(user.token, productId);

    expect((await runSettlementPass(transactorOf(db.kysely), { ...rules })).days).toBe(0);
    const first = await runSettlementPass(transactorOf(db.kysely), { ...rules, now: later(1) });
    expect(first).toMatchObject({ orders: 1, days: 1, income: 1_200_000n });
    expect((await runSettlementPass(transactorOf(db.kysely), { ...rules, now: later(1) })).days).toBe(0);
    expect((await balances(db.kysely, user.id)).withdrawUsdt).toBe(1_200_000n);
    const records = await db.kysely
      .selectFrom("asset_records")
      .selectAll()
      .where("user_id", "=", user.id)
      .where("type", "=", "income")
      .execute();
    expect(records.map((r) => [r.currency, BigInt(r.amount), r.status])).toEqual([["USDT", 1_200_000n, "success"]]);
    expect(await orderState(o.id)).toEqual({ daysSettled: 1, status: "running" });
    expect(await ledgerMatchesBalances(db.kysely)).toBe(true);
    expect(await balanceEventMismatches(db.kysely)).toEqual([]);
  });

  it("catches up every missed day, never beyond the cycle, and completes the order without returning the principal", async () => {
    const user = await newUser(app, db.kysely, { usdt: 10_000_000n });
    const productId = await newProduct(db.kysely, { priceUsdt: 10_000_000n, dailyRatePpm: 20_000, cycleDays: 7 });
    const o = await buy(user.token, productId);

    expect((await runSettlementPass(transactorOf(db.kysely), { ...rules, now: later(4) })).days).toBe(4);
    expect(await orderState(o.id)).toEqual({ daysSettled: 4, status: "running" });
    const rest = await runSettlementPass(transactorOf(db.kysely), { ...rules, now: later(40) });
    expect(rest).toMatchObject({ days: 3, completed: 1 });
    expect(await orderState(o.id)).toEqual({ daysSettled: 7, status: "completed" });
    expect((await runSettlementPass(transactorOf(db.kysely), { ...rules, now: later(80) })).days).toBe(0);

    const rows = await settlementRows(o.id);
    expect(rows).toHaveLength(7);
    expect(rows.map((r) => Number(r.day) - Number(rows[0]!.day))).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(await balances(db.kysely, user.id)).toMatchObject({ usdt: 0n, withdrawUsdt: 7n * 200_000n });
  });

  it("pays inviters their level's share of each income credit, exactly once", async () => {
    const alice = await newUser(app, db.kysely, { nickname: "Alice" });
    const bob = await newUser(app, db.kysely, { inviterId: alice.id, nickname: "Bob" });
    const carol = await newUser(app, db.kysely, { inviterId: bob.id, usdt: 100_000_000n });
    const dave = await newUser(app, db.kysely, { inviterId: carol.id });
    const productId = await newProduct(db.kysely, { priceUsdt: 100_000_000n, dailyRatePpm: 10_000, cycleDays: 10 });
    const o = await buy(carol.token, productId);

    const t = await runSettlementPass(transactorOf(db.kysely), { ...rules, now: later(3) });
    expect(t).toMatchObject({ days: 3, income: 3_000_000n, rewards: 3n * (100_000n + 50_000n) });
    expect((await balances(db.kysely, carol.id)).withdrawUsdt).toBe(3_000_000n);
    expect((await balances(db.kysely, bob.id)).withdrawUsdt).toBe(300_000n);
    expect((await balances(db.kysely, alice.id)).withdrawUsdt).toBe(150_000n);
    expect((await balances(db.kysely, dave.id)).withdrawUsdt).toBe(0n);

    await runSettlementPass(transactorOf(db.kysely), { ...rules, now: later(3) });
    const rewards = await db.kysely.selectFrom("team_rewards").selectAll().orderBy("id").execute();
    expect(rewards).toHaveLength(6);
    expect(
      rewards
        .filter((r) => BigInt(r.user_id) === bob.id)
        .every((r) => Number(r.level) === 1 && BigInt(r.from_user_id) === carol.id),
    ).toBe(true);
    expect(
      rewards
        .filter((r) => BigInt(r.user_id) === alice.id)
        .every((r) => Number(r.level) === 2 && BigInt(r.order_id) === BigInt(o.id)),
    ).toBe(true);
    const bobRecords = await db.kysely.selectFrom("asset_records").selectAll().where("user_id", "=", bob.id).execute();
    expect(bobRecords.map((r) => [r.type, BigInt(r.amount)])).toEqual(Array.from({ length: 3 }, () => ["reward", 100_000n]));
    expect(await ledgerMatchesBalances(db.kysely)).toBe(true);
    expect(await balanceEventMismatches(db.kysely)).toEqual([]);
  });

  it("credits each order and day once when several server processes settle at the same time", async () => {
    const inviter = await newUser(app, db.kysely);
    const buyers = await Promise.all(
      Array.from({ length: 8 }, () => newUser(app, db.kysely, { usdt: 50_000_000n, inviterId: inviter.id })),
    );
    const productId = await newProduct(db.kysely, { priceUsdt: 10_000_000n, dailyRatePpm: 10_000, cycleDays: 20 });
    for (const b of buyers) for (let i = 0; i < 4; i++) await buy(b.token, productId);
    const orders = 32;

    const now = later(5);
    const startAt = Date.now() + 2500;
    const target = config.databaseUrl ?? config.sqliteFile;
    const children = [settleInChild(target, now, startAt), settleInChild(target, now, startAt)];
    await new Promise((resolve) => setTimeout(resolve, startAt - Date.now()));
    const here = await Promise.all([
      runSettlementPass(transactorOf(db.kysely), { ...rules, now }),
      runSettlementPass(transactorOf(db.kysely), { ...rules, now }),
    ]);
    const there = await Promise.all(children);
    expect(here.reduce((a, p) => a + p.days, 0) + there.reduce((a, p) => a + p.days, 0)).toBe(orders * 5);

    for (const b of buyers) expect((await balances(db.kysely, b.id)).withdrawUsdt).toBe(4n * 5n * 100_000n);
    expect((await balances(db.kysely, inviter.id)).withdrawUsdt).toBe(BigInt(orders) * 5n * 10_000n);
    expect(await db.kysely.selectFrom("order_settlements").select("order_id").execute()).toHaveLength(orders * 5);
    expect(await db.kysely.selectFrom("ledger").select("id").where("kind", "=", "income").execute()).toHaveLength(orders * 5);
    expect(await db.kysely.selectFrom("asset_records").select("id").where("type", "=", "reward").execute()).toHaveLength(
      orders * 5,
    );
    expect(await ledgerMatchesBalances(db.kysely)).toBe(true);
    expect(await balanceEventMismatches(db.kysely)).toEqual([]);
  }, 30_000);

  it("survives a pass stopped half-way and a restart: nothing lost, nothing paid twice", async () => {
    const user = await newUser(app, db.kysely, { usdt: 100_000_000n });
    const productId = await newProduct(db.kysely, { priceUsdt: 10_000_000n, dailyRatePpm: 10_000, cycleDays: 10 });
    const orders = [];
    for (let i = 0; i < 5; i++) orders.push(await buy(user.token, productId));

    let seen = 0;
    const crash = runSettlementPass(transactorOf(db.kysely), {
      ...rules,
      now: later(2),
      afterOrder: () => {
        if (++seen === 2) throw new Error("power cut");
      },
    });
    await expect(crash).rejects.toThrow("power cut");
    expect((await balances(db.kysely, user.id)).withdrawUsdt).toBe(2n * 2n * 100_000n);

    const restarted = secondInstance();
    try {
      const t = await runSettlementPass(transactorOf(restarted.kysely), { ...rules, now: later(2) });
      expect(t).toMatchObject({ orders: 3, days: 6 });
      expect((await runSettlementPass(transactorOf(restarted.kysely), { ...rules, now: later(2) })).days).toBe(0);
    } finally {
      await restarted.kysely.destroy();
    }
    expect((await balances(db.kysely, user.id)).withdrawUsdt).toBe(5n * 2n * 100_000n);
    for (const o of orders) expect(await orderState(o.id)).toEqual({ daysSettled: 2, status: "running" });
    expect(await ledgerMatchesBalances(db.kysely)).toBe(true);
    expect(await balanceEventMismatches(db.kysely)).toEqual([]);
  });

  it("never credits a day twice even if the order's day counter were lost", async () => {
    const user = await newUser(app, db.kysely, { usdt: 10_000_000n });
    const productId = await newProduct(db.kysely, { priceUsdt: 10_000_000n, dailyRatePpm: 10_000, cycleDays: 10 });
    const o = await buy(user.token, productId);
    await runSettlementPass(transactorOf(db.kysely), { ...rules, now: later(3) });
    await db.kysely.updateTable("orders").set({ days_settled: 0 }).where("id", "=", BigInt(o.id)).execute();
    const again = await runSettlementPass(transactorOf(db.kysely), { ...rules, now: later(3) });
    expect(again.days).toBe(0);
    expect(await orderState(o.id)).toEqual({ daysSettled: 3, status: "running" });
    expect((await balances(db.kysely, user.id)).withdrawUsdt).toBe(300_000n);
  });

  it("runs as a background job: a pass at start, then on its interval, and stops cleanly", async () => {
    const user = await newUser(app, db.kysely, { usdt: 10_000_000n });
    const productId = await newProduct(db.kysely, { priceUsdt: 10_000_000n, dailyRatePpm: 10_000, cycleDays: 10 });
    await placeOrder(db.kysely, user.id, { productId, payType: 2 }, Date.now() - 3 * DAY_MS);
    const log = { info: vi.fn(), error: vi.fn() };
    const leases = new JobLeases(db, { ttlMs: 15_000 });
    const runner = { leases };
    const job = startSettlementJob({ runner, intervalMs: 50, rewardRatesPpm: rules.rewardRatesPpm, log: log as never });
    try {
      await vi.waitFor(() => expect(log.info).toHaveBeenCalled(), { timeout: 5000 });
    } finally {
      await job.stop();
      await leases.release();
    }
    expect((await balances(db.kysely, user.id)).withdrawUsdt).toBe(3n * 100_000n);
    expect(log.error).not.toHaveBeenCalled();
  });

  it("can be triggered by the operator only", async () => {
    const user = await newUser(app, db.kysely, { usdt: 10_000_000n });
    await buy(user.token, await newProduct(db.kysely, { priceUsdt: 10_000_000n }));
    const denied = await app.inject({
      method: "POST",
      url: "/base/api/admin/settlement/run",
      headers: { "x-admin-token": "wrong" },
    });
    expect(denied.json().code).toBe(401);
    expect((await app.inject({ method: "POST", url: "/base/api/admin/settlement/run" })).json().code).toBe(401);
    // The shared token is no treasurer; a treasurer's wallet runs it.
    const byToken = await app.inject({
      method: "POST",
      url: "/base/api/admin/settlement/run",
      headers: { "x-admin-token": ADMIN_TOKEN },
    });
    expect(byToken.json()).toMatchObject({ code: 403, key: "admin.tokenNotTreasurer" });
    const treasurer = await newUser(app, db.kysely);
    await db.kysely
      .insertInto("operator_roles")
      .values({ address: treasurer.address.toLowerCase(), role: "treasurer", granted_by: "test", granted_at: Date.now() })
      .execute();
    const res = await app.inject({
      method: "POST",
      url: "/base/api/admin/settlement/run",
      headers: { token: treasurer.token },
    });
    expect(res.json()).toEqual({
      code: 0,
      msg: "success",
      data: { orders: 0, days: 0, incomeUsdt: "0", rewardsUsdt: "0", completed: 0 },
    });
  });
});
