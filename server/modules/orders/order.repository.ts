import { type Insertable, type Kysely, type Selectable } from "kysely";
import type { Database, OrdersTable } from "../../db/schema";
import { reusableQuery } from "../../lib/reusable-query";

type Q = Kysely<Database>;

export type OrderRow = Selectable<OrdersTable>;

const orderColumns = [
  "title",
  "price_cny",
  "price_usdt",
  "daily_rate_ppm",
  "cycle_days",
  "alloy_material",
  "alloy_pieces",
] as const;

const onSaleQuery = reusableQuery((db, productId: bigint) =>
  db.selectFrom("products").select(orderColumns).where("id", "=", productId).where("status", "=", "on_sale"),
);

/** What an order needs of a product on sale; undefined when it is unknown or off sale. */
export async function findProductOnSale(db: Q, productId: bigint) {
  return (await onSaleQuery(db, productId)).rows[0];
}

export type NewOrder = Omit<Insertable<OrdersTable>, "days_settled" | "status">;

const insertOrderQuery = reusableQuery((db, o: NewOrder) =>
  db
    .insertInto("orders")
    .values({ ...o, days_settled: 0, status: "running" })
    .returning("id"),
);

export async function insertOrder(trx: Q, o: NewOrder): Promise<bigint> {
  const row = (await insertOrderQuery(trx, o)).rows[0];
  return BigInt(row!.id);
}

export async function setOrderAlloy(trx: Q, orderId: bigint, material: number, granted: bigint): Promise<void> {
  await trx
    .updateTable("orders")
    .set({ alloy_material: material, alloy_granted: Number(granted) })
    .where("id", "=", orderId)
    .execute();
}
