import type { FastifyInstance } from "fastify";
import { Migrator, sql } from "kysely";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { STOCK_SLICES } from "../../../domain/stock-slices";
import type { Db } from "../../../server/db/database";
import { migrateToLatest, migrationProvider } from "../../../server/db/migrate";
import { alloyPool } from "../../../server/modules/alloy/alloy.repository";
import { OrderBatcher } from "../../../server/modules/orders/order-batcher";
import { placeOrdersPg, type OrderRequest } from "../../../server/modules/orders/place-orders.pg";
import { productStock } from "../../../server/modules/products/product-stock.repository";
import { createTestApp } from "../support/test-app";
import { balanceEventMismatches } from "../support/balance-events";
import { ledgerMatchesBalances, newProduct, newUser } from "./support/shop-fixtures";

/**
 * Stock and alloy pools in slices (issue 15, migration 0009): several API processes' batches of
 * one product take from different rows, so none waits for another's commit, and still no piece
 * is sold twice and no grant overdraws the pool.
 */
let app: FastifyInstance;
let db: Db;
let close: () => Promise<void>;
beforeEach(async () => {
  ({ app, db, close } = await createTestApp());
});
afterEach(async () => close());

const slices = (productId: bigint) =>
  db.kysely
    .selectFrom("product_stock_slices")
    .select(["slice", "stock"])
    .where("product_id", "=", productId)
    .orderBy("slice")
    .execute()
    .then((rows) => rows.map((r) => Number(r.stock)));

const pgOnly = process.env.TEST_DATABASE_URL ? it : it.skip;

/** A second connection pool on the test database: what another API process would have. */
function anotherProcessPool(extra: pg.PoolConfig = {}): pg.Pool {
  if (db.driver.dialect !== "postgres") throw new Error("PostgreSQL only");
  return new pg.Pool({ connectionString: db.driver.pool.options.connectionString, max: 4, ...extra });
}

describe("stock in slices", () => {
  it("spreads a product's stock over its slices and sells the last pieces from whichever slice holds them", async () => {
    const productId = await newProduct(db.kysely, { stock: 11, priceUsdt: 1_000_000n, alloyMaterial: null, alloyPieces: 0 });
    expect(await slices(productId)).toEqual([2, 2, 2, 1, 1, 1, 1, 1]);
    expect(STOCK_SLICES).toBe(8);
    const buyers = await Promise.all(Array.from({ length: 15 }, () => newUser(app, db.kysely, { usdt: 10_000_000n })));
    const replies = await Promise.all(
      buyers.map((b) =>
        app.inject({
          method: "POST",
          url: "/base/api/home/order",
          headers: { token: b.token },
          payload: { productId: Number(productId), payType: 2 },
        }),
      ),
    );
    expect(replies.filter((r) => r.json().code === 0)).toHaveLength(11);
    expect(replies.filter((r) => r.statusCode === 409).map((r) => r.json().msg)).toHaveLength(4);
    expect(await slices(productId)).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    const list = (await app.inject({ url: "/base/api/home/product/list" })).json().data.list as { id: number; stock: number }[];
    expect(list.find((p) => p.id === Number(productId))?.stock).toBe(0);
  });

  pgOnly("sells each piece once when three processes' batches race for the last pieces", async () => {
    const productId = await newProduct(db.kysely, { stock: 13, priceUsdt: 1_000_000n, alloyMaterial: 3, alloyPieces: 2 });
    await db.kysely.updateTable("alloy_pool_slices").set({ remaining: 1n }).where("material", "=", 3).execute(); // 8 in all
    const buyers = await Promise.all(Array.from({ length: 6 }, () => newUser(app, db.kysely, { usdt: 100_000_000n })));
    const pools = [anotherProcessPool(), anotherProcessPool(), anotherProcessPool()];
    try {
      const batchers = pools.map((pool) => new OrderBatcher(pool));
      const outcomes = await Promise.allSettled(
        Array.from({ length: 60 }, (_, i) =>
          batchers[i % 3]!.place({ userId: buyers[i % 6]!.id, input: { productId, payType: 2 }, now: Date.now() }),
        ),
      );
      const sold = outcomes.filter((o) => o.status === "fulfilled");
      expect(sold).toHaveLength(13);
      expect(outcomes.filter((o) => o.status === "rejected").map((o) => (o as PromiseRejectedResult).reason.refusal.key)).toEqual(
        Array.from({ length: 47 }, () => "orders.soldOut"),
      );
      expect(await productStock(db.kysely, productId)).toBe(0);
      // Two pieces per order while the pool lasts: 8 pieces in all, never more.
      const granted = sold.map((o) => (o as PromiseFulfilledResult<{ alloyGranted: number }>).value.alloyGranted);
      expect(granted.reduce((a, b) => a + b, 0)).toBe(8);
      const pool = (await alloyPool(db.kysely)).find((p) => Number(p.material) === 3);
      expect(Number(pool?.remaining)).toBe(0);
      expect(await ledgerMatchesBalances(db.kysely)).toBe(true);
      expect(await balanceEventMismatches(db.kysely)).toEqual([]);
    } finally {
      await Promise.all(pools.map((p) => p.end()));
    }
  });

  pgOnly("sends a lone order again when PostgreSQL undid it for a deadlock", async () => {
    const productId = await newProduct(db.kysely, { stock: 5, priceUsdt: 1_000_000n, alloyMaterial: null, alloyPieces: 0 });
    const buyer = await newUser(app, db.kysely, { usdt: 10_000_000n });
    const pool = anotherProcessPool();
    // The first two tries meet a deadlock, as two batches waiting on each other's rows would.
    let deadlocks = 2;
    const query = pool.query.bind(pool) as (...args: unknown[]) => Promise<unknown>;
    const flaky = Object.assign(Object.create(pool) as pg.Pool, {
      query: (...args: unknown[]) => {
        if (deadlocks-- <= 0) return query(...args);
        const err = new pg.DatabaseError("deadlock detected", 0, "error");
        Object.assign(err, { severity: "ERROR", code: "40P01" });
        return Promise.reject(err);
      },
    });
    try {
      const order = await new OrderBatcher(flaky).place({ userId: buyer.id, input: { productId, payType: 2 }, now: Date.now() });
      expect(order).toMatchObject({ currency: "USDT" });
      expect(deadlocks).toBe(-1);
      expect(await productStock(db.kysely, productId)).toBe(4);
      expect(await ledgerMatchesBalances(db.kysely)).toBe(true);
      expect(await balanceEventMismatches(db.kysely)).toEqual([]);
    } finally {
      await pool.end();
    }
  });

  pgOnly("lets a second process's batch of the same product commit while the first's is still open", async () => {
    const productId = await newProduct(db.kysely, { stock: 1000, priceUsdt: 1_000_000n, alloyMaterial: 1, alloyPieces: 1 });
    const [first, second] = await Promise.all([
      newUser(app, db.kysely, { usdt: 10_000_000n }),
      newUser(app, db.kysely, { usdt: 10_000_000n }),
    ]);
    const pools = [anotherProcessPool(), anotherProcessPool({ statement_timeout: 3000 })];
    const holder = await pools[0]!.connect();
    try {
      const request = (userId: bigint): OrderRequest => ({ userId, input: { productId, payType: 2 }, now: Date.now() });
      await holder.query("begin");
      // The first batch has taken its piece and alloy and waits for its commit (as for a WAL flush).
      const open = await holder.query(
        "select * from place_orders($1::bigint[], $2::bigint[], $3::integer[], $4::bigint[], $5::integer[])",
        [[first.id.toString()], [productId.toString()], [2], [String(Date.now())], [1]],
      );
      expect(open.rows[0].refusal).toBeNull();
      // With one stock row the second batch would wait for that commit: its timeout says it did.
      const [outcome] = await placeOrdersPg(pools[1]!, [request(second.id)]);
      expect(outcome).toHaveProperty("order");
      await holder.query("commit");
      expect(await productStock(db.kysely, productId)).toBe(998);
      const orders = await db.kysely.selectFrom("orders").select(["user_id", "alloy_granted"]).execute();
      expect(orders.map((o) => Number(o.alloy_granted))).toEqual([1, 1]);
      expect(await ledgerMatchesBalances(db.kysely)).toBe(true);
      expect(await balanceEventMismatches(db.kysely)).toEqual([]);
    } finally {
      holder.release();
      await Promise.all(pools.map((p) => p.end()));
    }
  });
});

describe("migration 0009 (stock slices)", () => {
  it("moves stock and pools into slices and back without losing a piece", async () => {
    const productId = await newProduct(db.kysely, { stock: 1234 });
    const poolBefore = await alloyPool(db.kysely);
    const migrator = new Migrator({ db: db.kysely, provider: migrationProvider(db) });
    const down = await migrator.migrateTo("0009_operators");
    expect(down.error).toBeUndefined();
    const row = await sql<{ stock: number | string }>`select stock from products where id = ${productId}`.execute(db.kysely);
    expect(Number(row.rows[0]!.stock)).toBe(1234);
    await migrateToLatest(db);
    expect(await productStock(db.kysely, productId)).toBe(1234);
    expect(await slices(productId)).toEqual([155, 155, 154, 154, 154, 154, 154, 154]);
    const poolAfter = await alloyPool(db.kysely);
    const byMaterial = (rows: typeof poolBefore) => rows.map((r) => [Number(r.material), Number(r.remaining)]).sort();
    expect(byMaterial(poolAfter)).toEqual(byMaterial(poolBefore));
  });
});
