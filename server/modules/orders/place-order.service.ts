import type { Kysely } from "kysely";
import { dailyIncome, orderPrice } from "../../../domain/order-income";
import { dayNumber, firstEarningDay } from "../../../domain/settlement-day";
import type { Db } from "../../db/database";
import type { Database } from "../../db/schema";
import { conflict, notFound } from "../../lib/errors";
import { addUserAlloy, takeFromAlloyPool } from "../alloy/alloy.repository";
import { changeBalance } from "../ledger/ledger.service";
import { invalidateProductList } from "../products/product-list-cache";
import { takeOneFromStock } from "../products/product-stock.repository";
import { orderBatcher } from "./order-batcher";
import type { PlaceOrderInput } from "./place-order-input";
import { findProductOnSale, insertOrder, setOrderAlloy } from "./order.repository";
import { toOrderDto, type OrderDto } from "./order.service";
import { insertShopRecord } from "./shop-record.repository";

// Built once: an Error captures a stack when constructed, and every order passes one to changeBalance.
const insufficientCny = conflict("orders.insufficientCny");
const insufficientUsdt = conflict("orders.insufficientUsdt");
const noProduct = notFound("orders.noProduct");
const soldOut = conflict("orders.soldOut");

export type { PlaceOrderInput };

/**
 * Buys one product in one transaction: stock, order, debit with its ledger row, asset record,
 * alloy grant. Any refusal throws before commit, so a refused order changes nothing.
 */
export async function placeOrderInTrx(
  trx: Kysely<Database>,
  userId: bigint,
  input: PlaceOrderInput,
  now: number,
): Promise<OrderDto> {
  const product = await findProductOnSale(trx, input.productId);
  if (!product) throw noProduct;
  if (!(await takeOneFromStock(trx, input.productId))) throw soldOut;

  const principal = BigInt(product.price_usdt);
  const price = orderPrice({ priceCny: BigInt(product.price_cny), priceUsdt: principal }, input.payType);
  const material = product.alloy_material == null ? null : Number(product.alloy_material);
  const pieces = material === null ? 0n : BigInt(product.alloy_pieces);

  const values = {
    user_id: userId,
    product_id: input.productId,
    pay_type: input.payType,
    amount: price.amount,
    principal_usdt: principal,
    daily_income_usdt: dailyIncome(principal, product.daily_rate_ppm),
    cycle_days: Number(product.cycle_days),
    start_day: firstEarningDay(dayNumber(now)),
    created_at: BigInt(now),
    alloy_material: material,
    alloy_granted: Number(pieces),
  };
  const orderId = await insertOrder(trx, values);
  const ref = `order:${orderId}`;
  const insufficient = price.currency === "CNY" ? insufficientCny : insufficientUsdt;
  await changeBalance(trx, { userId, currency: price.currency, delta: -price.amount, kind: "order", ref, now }, insufficient);
  await insertShopRecord(trx, {
    userId,
    type: "order",
    currency: price.currency,
    amount: -price.amount,
    ref,
    note: product.title,
    now,
  });

  if (material !== null && pieces > 0n) {
    const granted = await takeFromAlloyPool(trx, material, pieces);
    if (granted > 0n) await addUserAlloy(trx, userId, material, granted);
    if (granted !== pieces) {
      await setOrderAlloy(trx, orderId, material, granted);
      values.alloy_granted = Number(granted);
    }
  }
  return toOrderDto({ id: orderId, ...values, days_settled: 0, status: "running" }, product.title);
}

/** The Kysely path in a transaction of its own (SQLite; the seed and tests on either database). */
export async function placeOrder(
  db: Kysely<Database>,
  userId: bigint,
  input: PlaceOrderInput,
  now = Date.now(),
): Promise<OrderDto> {
  const order = await db.transaction().execute((trx) => placeOrderInTrx(trx, userId, input, now));
  invalidateProductList(db); // the stock moved
  return order;
}

/**
 * The API's order. On PostgreSQL one call of `place_order` (migration 0008), sent with the other
 * orders in flight (order-batcher.ts): one round trip and no BEGIN/COMMIT of its own. SQLite runs
 * in-process, where the Kysely transaction costs no round trips.
 */
export async function placeOrderOn(db: Db, userId: bigint, input: PlaceOrderInput, now = Date.now()): Promise<OrderDto> {
  if (db.driver.dialect === "sqlite") return placeOrder(db.kysely, userId, input, now);
  const order = await orderBatcher(db.driver.pool).place({ userId, input, now });
  invalidateProductList(db.kysely); // the stock moved
  return order;
}
