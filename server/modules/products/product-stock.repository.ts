import { sql, type Expression, type Kysely } from "kysely";
import { spreadOverSlices } from "../../../domain/stock-slices";
import type { Database } from "../../db/schema";
import { reusableQuery } from "../../lib/reusable-query";

type Q = Kysely<Database>;

/**
 * A product's stock lives in slices (domain/stock-slices.ts, migration 0009): these are the
 * only functions that know it. Readers get the sum; an order takes one piece from one slice.
 */

/** The stock of the `products` row in scope, as a column of a select (`stock`). */
export const stockColumn = sql<
  number | bigint | string
>`(select coalesce(sum(pss.stock), 0) from product_stock_slices pss where pss.product_id = products.id)`.as("stock");

/** Sets a product's stock to `total`, spread over its slices (creating them for a new product). */
export async function setProductStock(db: Q, productId: bigint, total: number): Promise<void> {
  const rows = spreadOverSlices(BigInt(total)).map((stock, slice) => ({ product_id: productId, slice, stock: Number(stock) }));
  await db
    .insertInto("product_stock_slices")
    .values(rows)
    .onConflict((oc) => oc.columns(["product_id", "slice"]).doUpdateSet({ stock: (eb) => eb.ref("excluded.stock") }))
    .execute();
}

export async function productStock(db: Q, productId: bigint): Promise<number> {
  const row = await db
    .selectFrom("product_stock_slices")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number | bigint | string>("stock"), sql<number>`0`).as("stock"))
    .where("product_id", "=", productId)
    .executeTakeFirst();
  return Number(row?.stock ?? 0);
}

const firstSliceWithStock = (db: Q, productId: Expression<bigint> | bigint) =>
  db
    .selectFrom("product_stock_slices")
    .select("slice")
    .where("product_id", "=", productId)
    .where("stock", ">", 0)
    .orderBy("slice")
    .limit(1);

const takeQuery = reusableQuery((db, productId: bigint) =>
  db
    .updateTable("product_stock_slices")
    .set({ stock: sql`stock - 1` })
    .where("product_id", "=", productId)
    .where("slice", "=", firstSliceWithStock(db, productId))
    .where("stock", ">", 0),
);

const anyLeftQuery = reusableQuery((db, productId: bigint) => firstSliceWithStock(db, productId));

/**
 * Takes one piece of a product's stock; false when it has none. The conditional UPDATE re-checks
 * the slice's stock under its write lock, so of concurrent buyers of the last piece exactly one
 * gets it. On PostgreSQL another transaction may empty the slice this one picked while it waited
 * for it; then it picks again, until a piece is taken or no slice has any. (The API's orders on
 * PostgreSQL take stock in `place_order`, migration 0009, which also skips slices others hold.)
 */
export async function takeOneFromStock(trx: Q, productId: bigint): Promise<boolean> {
  for (;;) {
    const taken = await takeQuery(trx, productId);
    if ((taken.numAffectedRows ?? 0n) > 0n) return true;
    if ((await anyLeftQuery(trx, productId)).rows.length === 0) return false;
  }
}
