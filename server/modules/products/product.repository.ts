import type { Insertable, Kysely, Updateable } from "kysely";
import type { Database, ProductsTable } from "../../db/schema";

type Q = Kysely<Database>;

/** The columns of a list item: everything but the (possibly long) description. */
const summaryColumns = [
  "id",
  "title",
  "images",
  "price_cny",
  "price_usdt",
  "stock",
  "daily_rate_ppm",
  "cycle_days",
  "alloy_material",
  "alloy_pieces",
  "status",
] as const;

export function listProductsOnSale(db: Q, offset: number, limit: number) {
  return db
    .selectFrom("products")
    .select(summaryColumns)
    .where("status", "=", "on_sale")
    .orderBy("sort")
    .orderBy("id")
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countProductsOnSale(db: Q): Promise<number> {
  const row = await db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("status", "=", "on_sale")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every product, newest first, for the operator. */
export function listAllProducts(db: Q, offset: number, limit: number) {
  return db.selectFrom("products").selectAll().orderBy("id", "desc").limit(limit).offset(offset).execute();
}

export async function countAllProducts(db: Q): Promise<number> {
  const row = await db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findProductById(db: Q, id: bigint) {
  return db.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirst();
}

export function insertProduct(db: Q, values: Insertable<ProductsTable>) {
  return db.insertInto("products").values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateProduct(db: Q, id: bigint, patch: Updateable<ProductsTable>) {
  return db.updateTable("products").set(patch).where("id", "=", id).returningAll().executeTakeFirst();
}
