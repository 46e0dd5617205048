import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Db } from "../../../server/db/database";
import { dayNumber, dayToIsoDate } from "../../../domain/settlement-day";
import { productStock } from "../../../server/modules/products/product-stock.repository";
import { setAlloyPool } from "../../../server/modules/alloy/alloy.repository";
import { createTestApp } from "../support/test-app";
import { balanceEventMismatches } from "../support/balance-events";
import { balances, ledgerMatchesBalances, newProduct, newUser, sortedSnapshot } from "./support/shop-fixtures";
import { refused } from "../support/refused";

let app: FastifyInstance;
let db: Db;
let close: () => Promise<void>;
beforeEach(async () => {
  // Up to 12 buyers sign in from one address within a minute (a nonce and a login each, one budget).
  ({ app, db, close } = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: "100" }));
});
afterEach(async () => close());

const order = (token: string, payload: unknown) =>
  app.inject({ method: "POST", url: "/base/api/home/order", headers: { token }, payload: payload as object });

describe("POST home/order", () => {
  it("buys with USDT: debits the price, writes order, ledger, record, alloy and stock in one go", async () => {
    const user = await newUser(app, db.kysely, { usdt: 50_000_000n });
    const productId = await newProduct(db.kysely, {
      priceUsdt: 20_000_000n,
      dailyRatePpm: 12_000,
      cycleDays: 30,
      stock: 5,
      alloyMaterial: 3,
      alloyPieces: 4,
    });
    const res = await order(user.token, { productId: Number(productId), payType: 2 });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      productId: Number(productId),
      payType: 2,
      currency: "USDT",
      amount: "20000000",
      principalUsdt: "20000000",
      dailyIncomeUsdt: "240000",
      cycleDays: 30,
      daysSettled: 0,
      status: "running",
      alloyMaterial: 3,
      alloyGranted: 4,
      startDate: dayToIsoDate(dayNumber(Date.now()) + 1),
    });
    expect((await balances(db.kysely, user.id)).usdt).toBe(30_000_000n);
    const stock = await productStock(db.kysely, productId);
    expect(stock).toBe(4);
    const ledger = await db.kysely
      .selectFrom("ledger")
      .selectAll()
      .where("user_id", "=", user.id)
      .where("kind", "=", "order")
      .execute();
    expect(ledger.map((l) => [l.currency, BigInt(l.delta), l.ref])).toEqual([["USDT", -20_000_000n, `order:${data.id}`]]);
    const records = await db.kysely.selectFrom("asset_records").selectAll().where("user_id", "=", user.id).execute();
    expect(records.map((r) => [r.type, r.currency, BigInt(r.amount), r.status])).toEqual([
      ["order", "USDT", -20_000_000n, "success"],
    ]);
    const alloy = await app.inject({ method: "GET", url: "/base/api/user/alloy", headers: { token: user.token } });
    expect(alloy.json().data).toMatchObject({ user3: 4, alloy3: 1_000_000 - 4, user1: 0, alloy1: 1_000_000 });
    expect(await ledgerMatchesBalances(db.kysely)).toBe(true);
    expect(await balanceEventMismatches(db.kysely)).toEqual([]);
  });

  it("buys with CNY from the CNY balance at the CNY price; the income base stays the USDT price", async () => {
    const user = await newUser(app, db.kysely, { cny: 30_000n, usdt: 1n });
    const productId = await newProduct(db.kysely, { priceCny: 19_900n, priceUsdt: 28_000_000n, dailyRatePpm: 10_000 });
    const data = (await order(user.token, { productId: String(productId), payType: "1" })).json().data;
    expect(data).toMatchObject({ currency: "CNY", amount: "19900", principalUsdt: "28000000", dailyIncomeUsdt: "280000" });
    expect(await balances(db.kysely, user.id)).toMatchObject({ cny: 10_100n, usdt: 1n });
  });

  it("refuses an insufficient balance with 409 and changes nothing", async () => {
    const user = await newUser(app, db.kysely, { cny: 100n, usdt: 9_999_999n });
    const productId = await newProduct(db.kysely, { priceCny: 101n, priceUsdt: 10_000_000n });
    const before = await sortedSnapshot(db.kysely);
    const usdt = await order(user.token, { productId: Number(productId), payType: 2 });
    expect(usdt.statusCode).toBe(409);
    expect(usdt.json()).toEqual(refused(409, "orders.insufficientUsdt"));
    const cny = await order(user.token, { productId: Number(productId), payType: 1 });
    expect(cny.json()).toEqual(refused(409, "orders.insufficientCny"));
    expect(await sortedSnapshot(db.kysely)).toBe(before);
  });

  it("refuses a sold-out product with 409 and an unknown or off-sale one with 404, changing nothing", async () => {
    const user = await newUser(app, db.kysely, { usdt: 100_000_000n });
    const soldOut = await newProduct(db.kysely, { stock: 0 });
    const offSale = await newProduct(db.kysely, { onSale: false });
    const before = await sortedSnapshot(db.kysely);
    expect((await order(user.token, { productId: Number(soldOut), payType: 2 })).json()).toEqual(refused(409, "orders.soldOut"));
    expect((await order(user.token, { productId: Number(offSale), payType: 2 })).json().code).toBe(404);
    expect((await order(user.token, { productId: 999_999, payType: 2 })).json()).toMatchObject({
      code: 404,
      key: "orders.noProduct",
    });
    expect(await sortedSnapshot(db.kysely)).toBe(before);
  });

  it("grants what the alloy pool has left, then nothing, and still sells", async () => {
    const user = await newUser(app, db.kysely, { usdt: 100_000_000n });
    const productId = await newProduct(db.kysely, { priceUsdt: 1_000_000n, alloyMaterial: 5, alloyPieces: 3 });
    await setAlloyPool(db.kysely, 5, 4n);
    const granted = [];
    for (let i = 0; i < 3; i++)
      granted.push((await order(user.token, { productId: Number(productId), payType: 2 })).json().data.alloyGranted);
    expect(granted).toEqual([3, 1, 0]);
    const alloy = (await app.inject({ method: "GET", url: "/base/api/user/alloy", headers: { token: user.token } })).json().data;
    expect(alloy).toMatchObject({ user5: 4, alloy5: 0 });
    expect(alloy.materials[4]).toEqual({ material: 5, name: "合金原料5号", user: 4, remaining: 0 });
    const orders = await db.kysely.selectFrom("orders").select("alloy_granted").orderBy("id").execute();
    expect(orders.map((o) => Number(o.alloy_granted))).toEqual([3, 1, 0]);
  });

  it("refuses an expired or revoked session with 401", async () => {
    const productId = await newProduct(db.kysely);
    const user = await newUser(app, db.kysely, { usdt: 100_000_000n });
    const other = await newUser(app, db.kysely, { usdt: 100_000_000n });
    await app.inject({ method: "POST", url: "/base/api/user/logout", headers: { token: user.token } });
    expect((await order(user.token, { productId: Number(productId), payType: 2 })).json().code).toBe(401);
    await db.kysely
      .updateTable("sessions")
      .set({ expires_at: BigInt(Date.now() - 1) })
      .where("user_id", "=", other.id)
      .execute();
    expect((await order(other.token, { productId: Number(productId), payType: 2 })).json().code).toBe(401);
    expect(await db.kysely.selectFrom("orders").select("id").execute()).toHaveLength(0);
  });

  it("needs a session", async () => {
    const productId = await newProduct(db.kysely);
    const res = await app.inject({
      method: "POST",
      url: "/base/api/home/order",
      payload: { productId: Number(productId), payType: 2 },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(401);
    expect(
      (await app.inject({ method: "GET", url: "/base/api/user/alloy", headers: { token: "expired-or-made-up" } })).json().code,
    ).toBe(401);
  });

  it("lets exactly the affordable number of 100 concurrent orders through; balance, stock and ledger stay consistent", async () => {
    const price = 7_000_000n;
    const user = await newUser(app, db.kysely, { usdt: 200_000_000n }); // 28 orders fit, 4 USDT remain
    const productId = await newProduct(db.kysely, { priceUsdt: price, stock: 1000, alloyMaterial: 2, alloyPieces: 1 });
    const results = await Promise.all(
      Array.from({ length: 100 }, () => order(user.token, { productId: Number(productId), payType: 2 })),
    );
    const codes = results.map((r) => r.json().code);
    expect(codes.filter((c) => c === 0)).toHaveLength(28);
    expect(codes.filter((c) => c !== 0).every((c) => c === 409)).toBe(true);
    expect(results.every((r) => r.statusCode < 500)).toBe(true);
    const after = await balances(db.kysely, user.id);
    expect(after.usdt).toBe(4_000_000n);
    const stock = await productStock(db.kysely, productId);
    expect(stock).toBe(1000 - 28);
    const orders = await db.kysely.selectFrom("orders").select("id").where("user_id", "=", user.id).execute();
    expect(orders).toHaveLength(28);
    const records = await db.kysely
      .selectFrom("asset_records")
      .select("id")
      .where("user_id", "=", user.id)
      .where("type", "=", "order")
      .execute();
    expect(records).toHaveLength(28);
    const alloy = await db.kysely
      .selectFrom("user_alloy")
      .select("pieces")
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(BigInt(alloy.pieces)).toBe(28n);
    expect(await ledgerMatchesBalances(db.kysely)).toBe(true);
    expect(await balanceEventMismatches(db.kysely)).toEqual([]);
  });

  it("sells the last pieces of stock to exactly as many concurrent buyers", async () => {
    const buyers = await Promise.all(Array.from({ length: 12 }, () => newUser(app, db.kysely, { usdt: 10_000_000n })));
    const productId = await newProduct(db.kysely, { priceUsdt: 1_000_000n, stock: 5 });
    const results = await Promise.all(buyers.map((b) => order(b.token, { productId: Number(productId), payType: 2 })));
    expect(results.filter((r) => r.json().code === 0)).toHaveLength(5);
    expect(results.filter((r) => r.json().code === 409)).toHaveLength(7);
    const stock = await productStock(db.kysely, productId);
    expect(stock).toBe(0);
    const paid = await Promise.all(buyers.map((b) => balances(db.kysely, b.id)));
    expect(paid.filter((p) => p.usdt === 9_000_000n)).toHaveLength(5);
    expect(paid.filter((p) => p.usdt === 10_000_000n)).toHaveLength(7);
    expect(await ledgerMatchesBalances(db.kysely)).toBe(true);
    expect(await balanceEventMismatches(db.kysely)).toEqual([]);
  });
});
