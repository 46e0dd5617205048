import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { Database, ProductsTable } from "../../db/schema";
import { productStock, setProductStock, stockColumn } from "./product-stock.repository";

type Q = Kysely<Database>;

/** The columns of a list item: everything but the (possibly long) description. */
const summaryColumns = [
  "id",
  "title",
  "images",
  "price_cny",
  "price_usdt",
  "daily_rate_ppm",
  "cycle_days",
  "alloy_material",
  "alloy_pieces",
  "status",
] as const;

export function listProductsOnSale(db: Q, offset: number, limit: number) {
  return db
    .selectFrom("products")
    .select([...summaryColumns, stockColumn])
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
  return db.selectFrom("products").selectAll().select(stockColumn).orderBy("id", "desc").limit(limit).offset(offset).execute();
}

export async function countAllProducts(db: Q): Promise<number> {
  const row = await db
    .selectFrom("products")
    .select((eb) => eb.fn.countAll().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findProductById(db: Q, id: bigint) {
  return db.selectFrom("products").selectAll().select(stockColumn).where("id", "=", id).executeTakeFirst();
}

/** A product row with its stock (the sum of its slices). */
export type ProductWithStock = Selectable<ProductsTable> & { stock: number | bigint | string };

/** A new product and its stock; call it in a transaction, so the product never exists without its slices. */
export async function insertProduct(
  db: Q,
  { stock, ...values }: Insertable<ProductsTable> & { stock: number },
): Promise<ProductWithStock> {
  const row = await db.insertInto("products").values(values).returningAll().executeTakeFirstOrThrow();
  await setProductStock(db, BigInt(row.id), stock);
  return { ...row, stock };
}

/** Changes the named fields of a product, and its stock when `stock` is given. */
export async function updateProduct(
  db: Q,
  id: bigint,
  { stock, ...patch }: Updateable<ProductsTable> & { stock?: number },
): Promise<ProductWithStock | undefined> {
  const row = await db.updateTable("products").set(patch).where("id", "=", id).returningAll().executeTakeFirst();
  if (!row) return undefined;
  if (stock !== undefined) await setProductStock(db, id, stock);
  return { ...row, stock: stock ?? (await productStock(db, id)) };
}
