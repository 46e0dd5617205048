import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEBT_REFUSAL } from "../../../domain/debt";
import type { Db } from "../../../server/db/database";
import { placeOrderOn } from "../../../server/modules/orders/place-order.service";
import { productStock } from "../../../server/modules/products/product-stock.repository";
import { alloyPool, setAlloyPool } from "../../../server/modules/alloy/alloy.repository";
import { createTestApp } from "../support/test-app";
import { refused } from "../support/refused";
import { balanceEventMismatches } from "../support/balance-events";
import { balances, ledgerMatchesBalances, newProduct, newUser, sortedSnapshot } from "./support/shop-fixtures";

/**
 * Orders that arrive together (issue 15). On PostgreSQL they are placed in batches, one
 * subtransaction each (order-batcher.ts, migration 0008); on SQLite one transaction each. Either
 * way every order is all-or-nothing and answers for itself.
 */
let app: FastifyInstance;
let db: Db;
let close: () => Promise<void>;
beforeEach(async () => {
  ({ app, db, close } = await createTestApp());
});
afterEach(async () => close());

const order = (token: string, productId: bigint, payType = 2) =>
  app.inject({
    method: "POST",
    url: "/base/api/home/order",
    headers: { token },
    payload: { productId: Number(productId), payType },
  });

const count = async (table: "orders" | "asset_records", userId: bigint) =>
  (await db.kysely.selectFrom(table).select("id").where("user_id", "=", userId).execute()).length;

describe("concurrent orders", () => {
  it("of 100 with money for 37, places exactly 37 and leaves the balance at exactly 0", async () => {
    const user = await newUser(app, db.kysely, { usdt: 111_000_000n });
    const productId = await newProduct(db.kysely, { priceUsdt: 3_000_000n, stock: 1000, alloyMaterial: 4, alloyPieces: 1 });
    const results = await Promise.all(Array.from({ length: 100 }, () => order(user.token, productId)));
    const bodies = results.map((r) => r.json());
    expect(bodies.filter((b) => b.code === 0)).toHaveLength(37);
    expect(bodies.filter((b) => b.code !== 0)).toEqual(Array.from({ length: 63 }, () => refused(409, "orders.insufficientUsdt")));
    expect((await balances(db.kysely, user.id)).usdt).toBe(0n);
    const ledger = await db.kysely
      .selectFrom("ledger")
      .select("balance_after")
      .where("user_id", "=", user.id)
      .where("kind", "=", "order")
      .execute();
    expect(ledger).toHaveLength(37);
    expect(ledger.every((l) => BigInt(l.balance_after) >= 0n)).toBe(true);
    expect(await count("orders", user.id)).toBe(37);
    expect(await count("asset_records", user.id)).toBe(37);
    const stock = await productStock(db.kysely, productId);
    expect(stock).toBe(1000 - 37);
    expect(await ledgerMatchesBalances(db.kysely)).toBe(true);
    expect(await balanceEventMismatches(db.kysely)).toEqual([]);
  });

  it("of 20 buyers for the last 5 pieces, sells exactly 5", async () => {
    const buyers = await Promise.all(Array.from({ length: 20 }, () => newUser(app, db.kysely, { usdt: 10_000_000n })));
    const productId = await newProduct(db.kysely, { priceUsdt: 1_000_000n, stock: 5 });
    const bodies = (await Promise.all(buyers.map((b) => order(b.token, productId)))).map((r) => r.json());
    expect(bodies.filter((b) => b.code === 0)).toHaveLength(5);
    expect(bodies.filter((b) => b.code !== 0)).toEqual(Array.from({ length: 15 }, () => refused(409, "orders.soldOut")));
    expect(await db.kysely.selectFrom("orders").select("id").execute()).toHaveLength(5);
    const stock = await productStock(db.kysely, productId);
    expect(stock).toBe(0);
    expect(await ledgerMatchesBalances(db.kysely)).toBe(true);
    expect(await balanceEventMismatches(db.kysely)).toEqual([]);
  });

  it("answers each refusal for itself when they arrive together with orders that go through", async () => {
    const rich = await newUser(app, db.kysely, { cny: 1_000_000n, usdt: 1_000_000_000n });
    const poor = await newUser(app, db.kysely, { cny: 1n, usdt: 1n });
    const product = await newProduct(db.kysely, { priceCny: 10_000n, priceUsdt: 10_000_000n });
    const soldOut = await newProduct(db.kysely, { stock: 0 });
    const offSale = await newProduct(db.kysely, { onSale: false });
    const replies = await Promise.all([
      order(rich.token, product),
      order(rich.token, soldOut),
      order(rich.token, offSale),
      order(rich.token, 999_999n),
      order(poor.token, product, 1),
      order(poor.token, product, 2),
      order(rich.token, product, 1),
    ]);
    const bodies = replies.map((r) => r.json());
    expect(bodies[0]).toMatchObject({ code: 0, data: { currency: "USDT", amount: "10000000" } });
    expect(bodies.slice(1, 6)).toEqual([
      refused(409, "orders.soldOut"),
      refused(404, "orders.noProduct"),
      refused(404, "orders.noProduct"),
      refused(409, "orders.insufficientCny"),
      refused(409, "orders.insufficientUsdt"),
    ]);
    expect(bodies[6]).toMatchObject({ code: 0, data: { currency: "CNY", amount: "10000" } });
    expect(replies.map((r) => r.statusCode)).toEqual([200, 409, 404, 404, 409, 409, 200]);
    expect(await balances(db.kysely, poor.id)).toMatchObject({ cny: 1n, usdt: 1n });
    expect(await balances(db.kysely, rich.id)).toMatchObject({ cny: 990_000n, usdt: 990_000_000n });
    expect(await ledgerMatchesBalances(db.kysely)).toBe(true);
    expect(await balanceEventMismatches(db.kysely)).toEqual([]);
  });

  it("fails only the order at fault when one of a burst meets an unexpected error", async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => newUser(app, db.kysely, { usdt: 100_000_000n })));
    const product = await newProduct(db.kysely, { priceUsdt: 2_000_000n });
    const free = await newProduct(db.kysely, { priceUsdt: 0n }); // a debit of zero is refused as a bug
    const replies = await Promise.all(users.map((u, i) => order(u.token, i === 3 ? free : product)));
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200, 200, 500, 200, 200, 200, 200]);
    expect(await db.kysely.selectFrom("orders").select("id").execute()).toHaveLength(7);
    const stock = await productStock(db.kysely, free);
    expect(stock).toBe(100);
    expect(await ledgerMatchesBalances(db.kysely)).toBe(true);
    expect(await balanceEventMismatches(db.kysely)).toEqual([]);
  });

  it("grants what the alloy pool has left when it runs dry in the middle of a burst", async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => newUser(app, db.kysely, { usdt: 100_000_000n })));
    const productId = await newProduct(db.kysely, { priceUsdt: 1_000_000n, alloyMaterial: 2, alloyPieces: 3 });
    await setAlloyPool(db.kysely, 2, 10n);
    const bodies = (await Promise.all(users.map((u) => order(u.token, productId)))).map((r) => r.json());
    expect(bodies.every((b) => b.code === 0)).toBe(true);
    const granted = bodies.map((b) => b.data.alloyGranted as number).sort();
    expect(granted).toEqual([0, 0, 1, 3, 3, 3]);
    const orders = await db.kysely.selectFrom("orders").select("alloy_granted").execute();
    expect(orders.map((o) => Number(o.alloy_granted)).sort()).toEqual(granted);
    const pool = (await alloyPool(db.kysely)).find((p) => Number(p.material) === 2)!;
    expect(BigInt(pool.remaining)).toBe(0n);
    const held = await db.kysely.selectFrom("user_alloy").select("pieces").where("material", "=", 2).execute();
    expect(held.reduce((sum, h) => sum + BigInt(h.pieces), 0n)).toBe(10n);
  });

  it("refuses a buyer who fell into debt after signing in, in the order's own transaction", async () => {
    const user = await newUser(app, db.kysely, { usdt: 100_000_000n });
    const productId = await newProduct(db.kysely);
    // As a reversal committed between the session lookup (the route's early check) and the debit.
    await db.kysely.updateTable("users").set({ debt_usdt: 5n }).where("id", "=", user.id).execute();
    const before = await sortedSnapshot(db.kysely);
    await expect(placeOrderOn(db, user.id, { productId, payType: 2 })).rejects.toMatchObject({
      status: 409,
      refusal: { key: DEBT_REFUSAL },
    });
    expect(await sortedSnapshot(db.kysely)).toBe(before);
  });
});
