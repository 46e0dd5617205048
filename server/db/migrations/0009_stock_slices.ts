import { sql, type Kysely } from "kysely";
import { spreadOverSlices } from "../../../domain/stock-slices";
import type { DialectName } from "../database";
import { m0008PlaceOrder } from "./0008_place_order";
import { slicedPlaceOrderSql, slicedPlaceOrdersSql } from "./sliced-place-order";

/**
 * A product's stock and the alloy pools in slices (issue 15, domain/stock-slices.ts): the
 * `products.stock` column and the `alloy_stock` table become `product_stock_slices` and
 * `alloy_pool_slices`, STOCK_SLICES rows each, holding the same totals.
 *
 * Why: an order holds the row it takes stock from until its commit is on disk. With one row per
 * product, the orders of several API processes for the same product ran one commit after the
 * other, and three replicas served half of what one did. With slices, each transaction takes
 * from a row no other transaction holds, so their commits overlap.
 *
 * On PostgreSQL `place_order` and `place_orders` are replaced with the sliced versions. SQLite cannot drop a column that a CHECK constraint names, so `products` is rebuilt
 * there (SQLite's documented procedure: foreign keys off, copy, drop, rename, check).
 */
export function m0009StockSlices(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("product_stock_slices")
        .addColumn("product_id", "bigint", (c) => c.notNull().references("products.id"))
        .addColumn("slice", "integer", (c) => c.notNull())
        .addColumn("stock", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("product_stock_slices_pk", ["product_id", "slice"])
        .addCheckConstraint("product_stock_slices_non_negative", sql`stock >= 0`)
        .execute();
      await db.schema
        .createTable("alloy_pool_slices")
        .addColumn("material", "integer", (c) => c.notNull())
        .addColumn("slice", "integer", (c) => c.notNull())
        .addColumn("remaining", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("alloy_pool_slices_pk", ["material", "slice"])
        .addCheckConstraint("alloy_pool_slices_non_negative", sql`remaining >= 0`)
        .execute();

      const products = await sql<{ id: number | bigint; stock: number | bigint }>`select id, stock from products`.execute(db);
      for (const p of products.rows) {
        const rows = spreadOverSlices(BigInt(p.stock)).map((stock, slice) => ({ product_id: p.id, slice, stock }));
        await db
          .insertInto("product_stock_slices" as never)
          .values(rows as never)
          .execute();
      }
      const pools = await sql<{
        material: number;
        remaining: number | bigint;
      }>`select material, remaining from alloy_stock`.execute(db);
      for (const a of pools.rows) {
        const rows = spreadOverSlices(BigInt(a.remaining)).map((remaining, slice) => ({
          material: a.material,
          slice,
          remaining,
        }));
        await db
          .insertInto("alloy_pool_slices" as never)
          .values(rows as never)
          .execute();
      }
      await db.schema.dropTable("alloy_stock").execute();

      if (dialect === "postgres") {
        await db.schema.alterTable("products").dropColumn("stock").execute(); // its CHECK goes with it
        await sql`drop function place_orders(bigint[], bigint[], integer[], bigint[], integer[])`.execute(db);
        await sql`drop function place_order(bigint, bigint, integer, bigint, integer)`.execute(db);
        await sql.raw(slicedPlaceOrderSql).execute(db);
        await sql.raw(slicedPlaceOrdersSql).execute(db);
      } else {
        await rebuildSqliteProducts(db, "", "");
      }
    },

    async down(db: Kysely<unknown>) {
      const totals = sql`(select coalesce(sum(s.stock), 0) from product_stock_slices s where s.product_id = products.id)`;
      if (dialect === "postgres") {
        await sql`alter table products add column stock integer not null default 0`.execute(db);
        await sql`update products set stock = ${totals}`.execute(db);
        await sql`alter table products alter column stock drop default`.execute(db);
        await sql`alter table products add constraint products_stock_non_negative check (stock >= 0)`.execute(db);
        await sql`drop function if exists place_orders(bigint[], bigint[], integer[], bigint[], integer[])`.execute(db);
        await sql`drop function if exists place_order(bigint, bigint, integer, bigint, integer, integer)`.execute(db);
        await m0008PlaceOrder(dialect).up(db);
      } else {
        await rebuildSqliteProducts(
          db,
          `"stock" integer not null, `,
          `constraint "products_stock_non_negative" check (stock >= 0)`,
        );
        await sql`update products set stock = ${totals}`.execute(db);
      }
      await db.schema
        .createTable("alloy_stock")
        .addColumn("material", "integer", (c) => c.primaryKey())
        .addColumn("remaining", "bigint", (c) => c.notNull())
        .addCheckConstraint("alloy_stock_non_negative", sql`remaining >= 0`)
        .execute();
      await sql`insert into alloy_stock (material, remaining)
                select material, sum(remaining) from alloy_pool_slices group by material`.execute(db);
      await db.schema.dropTable("alloy_pool_slices").execute();
      await db.schema.dropTable("product_stock_slices").execute();
    },
  };
}

const productColumns = [
  "id",
  "title",
  "images",
  "description_html",
  "price_cny",
  "price_usdt",
  "daily_rate_ppm",
  "cycle_days",
  "alloy_material",
  "alloy_pieces",
  "status",
  "sort",
  "created_at",
  "updated_at",
]
  .map((c) => `"${c}"`)
  .join(", ");

/**
 * SQLite: `products` again, with `stockColumn` (down) or without it (up). The copy keeps every id,
 * so the orders' and slices' references hold; `foreign_key_check` proves it before keys go back on.
 * (SQLite migrations run outside a transaction, which is what lets `foreign_keys` change here.)
 */
async function rebuildSqliteProducts(db: Kysely<unknown>, stockColumn: string, stockCheck: string) {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql
      .raw(
        `create table "products_next" ("id" integer primary key autoincrement, "title" varchar(128) not null,
          "images" text not null, "description_html" text not null, "price_cny" bigint not null,
          "price_usdt" bigint not null, ${stockColumn}"daily_rate_ppm" integer not null, "cycle_days" integer not null,
          "alloy_material" integer, "alloy_pieces" integer default 0 not null,
          "status" varchar(16) default 'on_sale' not null, "sort" integer default 0 not null,
          "created_at" bigint not null, "updated_at" bigint not null${stockCheck ? `, ${stockCheck}` : ""})`,
      )
      .execute(db);
    const stockValue = stockColumn ? `, 0` : "";
    await sql
      .raw(
        `insert into "products_next" (${productColumns}${stockColumn ? `, "stock"` : ""}) select ${productColumns}${stockValue} from "products"`,
      )
      .execute(db);
    await sql`drop table "products"`.execute(db);
    await sql`alter table "products_next" rename to "products"`.execute(db);
    await sql`create index "products_sale_list" on "products" ("status", "sort", "id")`.execute(db);
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length > 0) throw new Error(`rebuilding products broke ${broken.rows.length} references`);
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
