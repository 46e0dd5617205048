import type { Kysely } from "kysely";
import type { DialectName } from "../database";
import { autoId } from "./auto-id";

/**
 * On-chain payouts of withdrawals. Each attempt is a row written (with its signed transaction and
 * nonce) BEFORE it is broadcast, so after a crash the worker can always tell whether the money
 * went out: the hash has a receipt, or its nonce was used by another transaction (then this one
 * can never be mined and a new attempt is safe), or neither (then the same bytes are sent again).
 * A failed withdrawal can be retried by an operator once: the retries table's key enforces it.
 */
export function m0003AssetsPayouts(dialect: DialectName) {
  const { idType, pk } = autoId(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("withdrawal_payouts")
        .addColumn("id", idType, pk)
        .addColumn("record_id", "bigint", (c) => c.notNull().references("asset_records.id"))
        .addColumn("chain_id", "integer", (c) => c.notNull())
        .addColumn("genesis_hash", "varchar(66)", (c) => c.notNull())
        .addColumn("from_address", "varchar(42)", (c) => c.notNull())
        .addColumn("to_address", "varchar(42)", (c) => c.notNull())
        .addColumn("token_address", "varchar(42)", (c) => c.notNull())
        .addColumn("token_amount", "varchar(80)", (c) => c.notNull()) // base units, decimal string (uint256)
        .addColumn("nonce", "bigint", (c) => c.notNull())
        .addColumn("tx_hash", "varchar(66)", (c) => c.notNull().unique())
        .addColumn("raw_tx", "text", (c) => c.notNull())
        .addColumn("status", "varchar(16)", (c) => c.notNull()) // signed | mined | reverted | dropped
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .execute();
      await db.schema.createIndex("withdrawal_payouts_record").on("withdrawal_payouts").columns(["record_id", "id"]).execute();
      await db.schema.createIndex("withdrawal_payouts_status").on("withdrawal_payouts").columns(["status", "id"]).execute();

      await db.schema
        .createTable("withdrawal_retries")
        .addColumn("failed_record_id", "bigint", (c) => c.primaryKey().references("asset_records.id"))
        .addColumn("retry_record_id", "bigint", (c) => c.notNull().references("asset_records.id"))
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("withdrawal_retries").execute();
      await db.schema.dropTable("withdrawal_payouts").execute();
    },
  };
}
