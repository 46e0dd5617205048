import type { Kysely } from "kysely";
import type { DialectName } from "../database";
import { autoId } from "./auto-id";

/** Pieces of each alloy material the shop can grant in total until an operator adds more. */
export const INITIAL_ALLOY_STOCK = 1_000_000;

/**
 * Shop additions: team rewards (one row per order, day and level: the unique key makes each
 * reward exactly-once, and the rows feed the "from team" earnings page), what alloy an order
 * actually granted, the alloy pool, and indexes for the product and notice lists.
 */
export function m0003ShopRewardsAlloy(dialect: DialectName) {
  const { idType, pk } = autoId(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("team_rewards")
        .addColumn("id", idType, pk)
        .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id")) // who is paid
        .addColumn("from_user_id", "bigint", (c) => c.notNull().references("users.id")) // whose order earned
        .addColumn("order_id", "bigint", (c) => c.notNull().references("orders.id"))
        .addColumn("day", "integer", (c) => c.notNull())
        .addColumn("level", "integer", (c) => c.notNull()) // 1 = direct inviter
        .addColumn("amount", "bigint", (c) => c.notNull()) // micro-USDT
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addUniqueConstraint("team_rewards_once", ["order_id", "day", "level"])
        .execute();
      await db.schema.createIndex("team_rewards_user").on("team_rewards").columns(["user_id", "day"]).execute();

      await db.schema.alterTable("orders").addColumn("alloy_material", "integer").execute();
      await db.schema
        .alterTable("orders")
        .addColumn("alloy_granted", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex("products_sale_list").on("products").columns(["status", "sort", "id"]).execute();
      await db.schema.createIndex("notices_published").on("notices").columns(["published_at", "id"]).execute();

      await db
        .insertInto("alloy_stock" as never)
        .values([1, 2, 3, 4, 5].map((material) => ({ material, remaining: INITIAL_ALLOY_STOCK })) as never)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.deleteFrom("alloy_stock" as never).execute();
      await db.schema.dropIndex("notices_published").execute();
      await db.schema.dropIndex("products_sale_list").execute();
      await db.schema.alterTable("orders").dropColumn("alloy_granted").execute();
      await db.schema.alterTable("orders").dropColumn("alloy_material").execute();
      await db.schema.dropTable("team_rewards").execute();
    },
  };
}
