import { sql, type Kysely } from "kysely";
import type { DialectName } from "../database";
import { autoId } from "./auto-id";

/**
 * Everything behind the shop and asset calls: registration facts on users, verification codes,
 * identity and bank applications, addresses, uploads, products, orders and their daily
 * settlements, alloy pieces, user-visible asset records, chain recharge intents and events,
 * notices and their read state.
 */
export function m0002AccountsShopAssets(dialect: DialectName) {
  const { idType, pk } = autoId(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("users").addColumn("email", "varchar(254)").execute();
      await db.schema.alterTable("users").addColumn("fund_password_hash", "varchar(256)").execute();
      await db.schema.alterTable("users").addColumn("avatar", "varchar(256)").execute();
      await db.schema.alterTable("users").addColumn("registered_at", "bigint").execute();
      await db.schema.createIndex("users_email").unique().on("users").column("email").execute();
      await db.schema.createIndex("users_inviter_id").on("users").column("inviter_id").execute();

      await db.schema
        .createTable("verification_codes")
        .addColumn("id", idType, pk)
        .addColumn("channel", "varchar(8)", (c) => c.notNull()) // email | sms
        .addColumn("target", "varchar(254)", (c) => c.notNull())
        .addColumn("purpose", "varchar(16)", (c) => c.notNull()) // register | forget
        .addColumn("code_hash", "varchar(128)", (c) => c.notNull())
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("used_at", "bigint")
        .addColumn("expires_at", "bigint", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("verification_codes_target")
        .on("verification_codes")
        .columns(["channel", "target", "created_at"])
        .execute();

      await db.schema
        .createTable("identity_applications")
        .addColumn("id", idType, pk)
        .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id"))
        .addColumn("real_name", "varchar(64)", (c) => c.notNull())
        .addColumn("id_number", "varchar(18)", (c) => c.notNull())
        .addColumn("front_image", "varchar(256)", (c) => c.notNull())
        .addColumn("back_image", "varchar(256)", (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull()) // pending | approved | rejected
        .addColumn("reason", "varchar(256)")
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("reviewed_at", "bigint")
        .execute();
      await db.schema.createIndex("identity_applications_user").on("identity_applications").columns(["user_id", "id"]).execute();

      await db.schema
        .createTable("bank_applications")
        .addColumn("id", idType, pk)
        .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id"))
        .addColumn("bank_name", "varchar(64)", (c) => c.notNull())
        .addColumn("branch", "varchar(128)", (c) => c.notNull())
        .addColumn("holder", "varchar(64)", (c) => c.notNull())
        .addColumn("card_number", "varchar(32)", (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull())
        .addColumn("reason", "varchar(256)")
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("reviewed_at", "bigint")
        .execute();
      await db.schema.createIndex("bank_applications_user").on("bank_applications").columns(["user_id", "id"]).execute();

      await db.schema
        .createTable("addresses")
        .addColumn("id", idType, pk)
        .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id"))
        .addColumn("receiver", "varchar(64)", (c) => c.notNull())
        .addColumn("phone", "varchar(11)", (c) => c.notNull())
        .addColumn("province_code", "varchar(12)", (c) => c.notNull())
        .addColumn("city_code", "varchar(12)", (c) => c.notNull())
        .addColumn("district_code", "varchar(12)", (c) => c.notNull())
        .addColumn("region_text", "varchar(128)", (c) => c.notNull())
        .addColumn("detail", "varchar(256)", (c) => c.notNull())
        .addColumn("is_default", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("addresses_user").on("addresses").columns(["user_id", "id"]).execute();

      await db.schema
        .createTable("uploads")
        .addColumn("id", idType, pk)
        .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id"))
        .addColumn("file_name", "varchar(128)", (c) => c.notNull().unique())
        .addColumn("mime", "varchar(32)", (c) => c.notNull())
        .addColumn("size", "integer", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();

      await db.schema
        .createTable("products")
        .addColumn("id", idType, pk)
        .addColumn("title", "varchar(128)", (c) => c.notNull())
        .addColumn("images", "text", (c) => c.notNull()) // JSON array of URLs
        .addColumn("description_html", "text", (c) => c.notNull())
        .addColumn("price_cny", "bigint", (c) => c.notNull()) // fen
        .addColumn("price_usdt", "bigint", (c) => c.notNull()) // micro-USDT
        .addColumn("stock", "integer", (c) => c.notNull())
        .addColumn("daily_rate_ppm", "integer", (c) => c.notNull()) // daily return, parts per million
        .addColumn("cycle_days", "integer", (c) => c.notNull())
        .addColumn("alloy_material", "integer") // 1..5, or null
        .addColumn("alloy_pieces", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("status", "varchar(16)", (c) => c.notNull().defaultTo("on_sale")) // on_sale | off_sale
        .addColumn("sort", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .addCheckConstraint("products_stock_non_negative", sql`stock >= 0`)
        .execute();

      await db.schema
        .createTable("orders")
        .addColumn("id", idType, pk)
        .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id"))
        .addColumn("product_id", "bigint", (c) => c.notNull().references("products.id"))
        .addColumn("pay_type", "integer", (c) => c.notNull()) // 1 CNY, 2 USDT
        .addColumn("amount", "bigint", (c) => c.notNull()) // paid, minor units of the pay currency
        .addColumn("principal_usdt", "bigint", (c) => c.notNull()) // the product's USDT price: the income base
        .addColumn("daily_income_usdt", "bigint", (c) => c.notNull())
        .addColumn("cycle_days", "integer", (c) => c.notNull())
        .addColumn("days_settled", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("start_day", "integer", (c) => c.notNull()) // first day (days since epoch, UTC+8) that earns
        .addColumn("status", "varchar(16)", (c) => c.notNull()) // running | completed
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("orders_user").on("orders").columns(["user_id", "id"]).execute();
      await db.schema.createIndex("orders_status").on("orders").columns(["status", "id"]).execute();

      // One row per order per settled day: the primary key is what makes settlement exactly-once.
      await db.schema
        .createTable("order_settlements")
        .addColumn("order_id", "bigint", (c) => c.notNull().references("orders.id"))
        .addColumn("day", "integer", (c) => c.notNull())
        .addColumn("amount", "bigint", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("order_settlements_pk", ["order_id", "day"])
        .execute();

      await db.schema
        .createTable("alloy_stock")
        .addColumn("material", "integer", (c) => c.primaryKey())
        .addColumn("remaining", "bigint", (c) => c.notNull())
        .addCheckConstraint("alloy_stock_non_negative", sql`remaining >= 0`)
        .execute();
      await db.schema
        .createTable("user_alloy")
        .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id"))
        .addColumn("material", "integer", (c) => c.notNull())
        .addColumn("pieces", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("user_alloy_pk", ["user_id", "material"])
        .execute();

      // What the user sees in asset records; balance movements themselves are in `ledger`.
      await db.schema
        .createTable("asset_records")
        .addColumn("id", idType, pk)
        .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id"))
        .addColumn("type", "varchar(16)", (c) => c.notNull()) // recharge | withdraw | order | income | reward | transfer
        .addColumn("currency", "varchar(8)", (c) => c.notNull()) // CNY | USDT
        .addColumn("amount", "bigint", (c) => c.notNull()) // signed minor units
        .addColumn("status", "varchar(16)", (c) => c.notNull()) // pending | success | failed
        .addColumn("tx_hash", "varchar(66)")
        .addColumn("address", "varchar(64)")
        .addColumn("ref", "varchar(128)")
        .addColumn("note", "varchar(256)")
        .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("asset_records_user").on("asset_records").columns(["user_id", "id"]).execute();
      await db.schema.createIndex("asset_records_type_status").on("asset_records").columns(["type", "status", "id"]).execute();

      await db.schema
        .createTable("recharge_intents")
        .addColumn("id", idType, pk)
        .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id"))
        .addColumn("reference", "varchar(13)", (c) => c.notNull().unique())
        .addColumn("amount", "bigint", (c) => c.notNull()) // micro-USDT the user meant to send
        .addColumn("record_id", "bigint", (c) => c.notNull().references("asset_records.id"))
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();

      // Each credited chain event once: the primary key is (chain, tx hash, log index).
      await db.schema
        .createTable("chain_events")
        .addColumn("chain_id", "integer", (c) => c.notNull())
        .addColumn("tx_hash", "varchar(66)", (c) => c.notNull())
        .addColumn("log_index", "integer", (c) => c.notNull())
        .addColumn("block_number", "bigint", (c) => c.notNull())
        .addColumn("kind", "varchar(16)", (c) => c.notNull())
        .addColumn("payload", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("chain_events_pk", ["chain_id", "tx_hash", "log_index"])
        .execute();

      await db.schema
        .createTable("notices")
        .addColumn("id", idType, pk)
        .addColumn("title", "varchar(128)", (c) => c.notNull())
        .addColumn("summary", "varchar(256)", (c) => c.notNull())
        .addColumn("content_html", "text", (c) => c.notNull())
        .addColumn("published_at", "bigint", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("notice_reads")
        .addColumn("user_id", "bigint", (c) => c.notNull().references("users.id"))
        .addColumn("notice_id", "bigint", (c) => c.notNull().references("notices.id"))
        .addColumn("read_at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("notice_reads_pk", ["user_id", "notice_id"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of [
        "notice_reads",
        "notices",
        "chain_events",
        "recharge_intents",
        "asset_records",
        "user_alloy",
        "alloy_stock",
        "order_settlements",
        "orders",
        "products",
        "uploads",
        "addresses",
        "bank_applications",
        "identity_applications",
        "verification_codes",
      ])
        await db.schema.dropTable(t).execute();
    },
  };
}
