import { sql, type Insertable, type Kysely, type Selectable } from "kysely";
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

const takeOneQuery = reusableQuery((db, productId: bigint) =>
  db
    .updateTable("products")
    .set({ stock: sql`stock - 1` })
    .where("id", "=", productId)
    .where("status", "=", "on_sale")
    .where("stock", ">", 0)
    .returning(orderColumns),
);

/**
 * Takes one piece of a product on sale and answers what the order needs of it. One conditional
 * UPDATE: of concurrent buyers of the last piece exactly one gets it; nothing else reads the row.
 */
export async function takeOneFromStock(trx: Q, productId: bigint) {
  return (await takeOneQuery(trx, productId)).rows[0];
}

/** Why a product could not be taken: unknown or off sale (undefined), or sold out. */
export function findProductStatus(db: Q, productId: bigint) {
  return db.selectFrom("products").select(["status", "stock"]).where("id", "=", productId).executeTakeFirst();
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
