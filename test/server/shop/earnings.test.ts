import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { shortenAddress } from "../../../domain/address";
import { DAY_MS, dayNumber, dayToIsoDate, quarterOfDay } from "../../../domain/settlement-day";
import type { Db } from "../../../server/db/database";
import { runSettlementPass } from "../../../server/jobs/settlement";
import { placeOrder } from "../../../server/modules/orders/place-order.service";
import { createTestApp } from "../support/test-app";
import { newProduct, newUser, type TestUser } from "./support/shop-fixtures";
import { transactorOf } from "../../../server/db/transactor";

let app: FastifyInstance;
let db: Db;
let close: () => Promise<void>;
let alice: TestUser, bob: TestUser, carol: TestUser;
let p1: bigint, p2: bigint;
const boughtAt = Date.now() - 10 * DAY_MS;
const purchaseDay = dayNumber(boughtAt);

beforeEach(async () => {
  ({ app, db, close } = await createTestApp());
  alice = await newUser(app, db.kysely, { nickname: "Alice" });
  bob = await newUser(app, db.kysely, { nickname: "Bob", inviterId: alice.id, usdt: 100_000_000n });
  carol = await newUser(app, db.kysely, { nickname: "Carol", inviterId: bob.id, usdt: 150_000_000n });
  p1 = await newProduct(db.kysely, { title: "P1", priceUsdt: 100_000_000n, dailyRatePpm: 10_000, cycleDays: 10 });
  p2 = await newProduct(db.kysely, { title: "P2", priceUsdt: 50_000_000n, dailyRatePpm: 20_000, cycleDays: 5 });
  // Ten days ago: both of Carol's orders and Bob's have run their whole cycle by now.
  await placeOrder(db.kysely, carol.id, { productId: p1, payType: 2 }, boughtAt);
  await placeOrder(db.kysely, carol.id, { productId: p2, payType: 2 }, boughtAt);
  await placeOrder(db.kysely, bob.id, { productId: p1, payType: 2 }, boughtAt);
  await runSettlementPass(transactorOf(db.kysely), { rewardRatesPpm: [100_000, 50_000] });
});
afterEach(async () => close());

const earnings = async (user: TestUser, payload?: object) => {
  const res = await app.inject({
    method: "POST",
    url: "/base/api/asset/earnings",
    headers: { token: user.token },
    ...(payload ? { payload } : {}),
  });
  expect(res.json().code).toBe(0);
  return res.json().data;
};

/** Carol's cumulative income by the end of `day`: P1 pays 1 USDT for 10 days, P2 1 USDT for 5. */
const carolIncomeUpTo = (day: number) => {
  const days = Math.max(0, day - purchaseDay);
  return BigInt(Math.min(days, 10)) * 1_000_000n + BigInt(Math.min(days, 5)) * 1_000_000n;
};

describe("POST asset/earnings", () => {
  it("answers totals and income per product", async () => {
    const data = await earnings(carol);
    expect(data.totals).toEqual({
      invested: "150000000",
      income: "15000000",
      reward: "0",
      earned: "15000000",
      orders: 2,
      runningOrders: 0,
    });
    expect(data.perProduct).toEqual([
      { productId: Number(p1), title: "P1", orders: 1, runningOrders: 0, invested: "100000000", income: "10000000" },
      { productId: Number(p2), title: "P2", orders: 1, runningOrders: 0, invested: "50000000", income: "5000000" },
    ]);
  });

  it("answers what the team earned the user, per level and per member", async () => {
    const bobs = await earnings(bob);
    expect(bobs.totals).toMatchObject({ income: "10000000", reward: "1500000", earned: "11500000" });
    expect(bobs.team.byLevel).toEqual([{ level: 1, members: 1, reward: "1500000" }]);

    const alices = await earnings(alice);
    expect(alices.totals).toMatchObject({ invested: "0", income: "0", reward: "1750000", earned: "1750000" });
    expect(alices.team.byLevel).toEqual([
      { level: 1, members: 1, reward: "1000000" },
      { level: 2, members: 1, reward: "750000" },
    ]);
    expect(alices.team.byMember).toEqual([
      { address: shortenAddress(bob.address), nickname: "Bob", level: 1, reward: "1000000" },
      { address: shortenAddress(carol.address), nickname: "Carol", level: 2, reward: "750000" },
    ]);
  });

  it("answers income and rewards by quarter (UTC+8)", async () => {
    const expected = new Map<string, bigint>();
    for (let day = purchaseDay + 1; day <= purchaseDay + 10; day++) {
      const label = quarterOfDay(day).label;
      expected.set(label, (expected.get(label) ?? 0n) + carolIncomeUpTo(day) - carolIncomeUpTo(day - 1));
    }
    const data = await earnings(carol);
    expect(
      data.byQuarter.map((q: { quarter: string; income: string; reward: string }) => [q.quarter, q.income, q.reward]),
    ).toEqual([...expected.entries()].map(([label, amount]) => [label, amount.toString(), "0"]));
  });

  it("answers invested against earned as cumulative daily or weekly points up to today", async () => {
    const today = dayNumber(Date.now());
    const daily = (await earnings(carol, { bucket: "day", points: 12 })).series;
    expect(daily.bucket).toBe("day");
    expect(daily.points).toHaveLength(12);
    daily.points.forEach((p: { date: string; invested: string; income: string; earned: string }, i: number) => {
      const day = today - 11 + i;
      expect(p.date).toBe(dayToIsoDate(day));
      expect(p.invested).toBe(day >= purchaseDay ? "150000000" : "0");
      expect(p.income).toBe(carolIncomeUpTo(day).toString());
      expect(p.earned).toBe(p.income);
    });

    const weekly = (await earnings(carol, { bucket: "week", points: 4 })).series;
    expect(weekly.points).toHaveLength(4);
    for (const p of weekly.points) expect(new Date(`${p.date}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(weekly.points[3]).toMatchObject({ invested: "150000000", income: "15000000" });

    expect((await earnings(carol)).series.points).toHaveLength(30);
  });

  it("is empty, not an error, for a user with nothing yet", async () => {
    const nobody = await newUser(app, db.kysely);
    const data = await earnings(nobody, {});
    expect(data.totals).toEqual({ invested: "0", income: "0", reward: "0", earned: "0", orders: 0, runningOrders: 0 });
    expect(data.perProduct).toEqual([]);
    expect(data.byQuarter).toEqual([]);
    expect(data.team).toEqual({ byLevel: [], byMember: [] });
  });

  it("needs a session and refuses bad input", async () => {
    expect((await app.inject({ method: "POST", url: "/base/api/asset/earnings" })).json().code).toBe(401);
    for (const payload of [{ bucket: "month" }, { points: 0 }, { points: 367 }, { points: "30" }, { extra: 1 }]) {
      const res = await app.inject({ method: "POST", url: "/base/api/asset/earnings", headers: { token: carol.token }, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});
