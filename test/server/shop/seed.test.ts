import type { FastifyInstance } from "fastify";
import { privateKeyToAccount } from "viem/accounts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../../server/db/database";
import { DEMO_ACCOUNTS } from "../../../domain/demo-accounts";
import { seedDemoData } from "../../../server/seed/seed-demo-data";
import { runSettlementPass } from "../../../server/jobs/settlement";
import { login } from "../support/siwe";
import { createTestApp } from "../support/test-app";
import { balanceEventMismatches } from "../support/balance-events";
import { ledgerMatchesBalances } from "./support/shop-fixtures";
import { transactorOf } from "../../../server/db/transactor";

let app: FastifyInstance;
let db: Db;
let close: () => Promise<void>;
beforeEach(async () => {
  ({ app, db, close } = await createTestApp());
  await seedDemoData(db.kysely);
});
afterEach(async () => close());

describe("shop demo data", () => {
  it("gives every shop page something to show, with consistent money", async () => {
    const products = (await app.inject({ method: "GET", url: "/base/api/home/product/list?limit=100" })).json().data;
    expect(products.total).toBe(8);
    expect(products.list.some((p: { stock: number }) => p.stock === 0)).toBe(true);
    const notices = (await app.inject({ method: "POST", url: "/base/api/home/notices" })).json().data;
    expect(notices.total).toBe(6);

    const token = await login(app, privateKeyToAccount(DEMO_ACCOUNTS[1]!.privateKey));
    const read = (await app.inject({ method: "POST", url: "/base/api/home/notices", headers: { token } })).json().data.list;
    expect(read.filter((n: { read: boolean }) => n.read)).toHaveLength(3);
    const earnings = (await app.inject({ method: "POST", url: "/base/api/asset/earnings", headers: { token } })).json().data;
    expect(BigInt(earnings.totals.income)).toBeGreaterThan(0n);
    expect(BigInt(earnings.totals.reward)).toBeGreaterThan(0n);
    expect(earnings.perProduct.length).toBeGreaterThanOrEqual(3);
    expect(earnings.byQuarter.length).toBeGreaterThanOrEqual(1);
    expect(earnings.team.byLevel.map((l: { level: number }) => l.level)).toEqual([1, 2]);
    const alloy = (await app.inject({ method: "GET", url: "/base/api/user/alloy", headers: { token } })).json().data;
    expect(alloy.user1 + alloy.user3 + alloy.user5).toBeGreaterThan(0);

    // Settled up to today: a pass now has nothing left to pay.
    expect((await runSettlementPass(transactorOf(db.kysely), { rewardRatesPpm: [100_000, 50_000] })).days).toBe(0);
    expect(await ledgerMatchesBalances(db.kysely)).toBe(true);
    expect(await balanceEventMismatches(db.kysely)).toEqual([]);
  });
});
