import type { Kysely } from "kysely";
import type { DialectName } from "../database";
import { autoId } from "./auto-id";

/**
 * Dashboard snapshots: the figures of Front.getDashboard() read on a schedule (issue 7). Figures
 * are 18-decimal base units (uint256) kept as decimal strings; `synthetic` = 1 marks the demo
 * history made up before the first real reading of a chain (see ADR-0125).
 */
export function m0004ProtocolSnapshots(dialect: DialectName) {
  const { idType, pk } = autoId(dialect);
  const figure = "varchar(80)" as const;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable("protocol_snapshots")
        .addColumn("id", idType, pk)
        .addColumn("genesis_hash", "varchar(66)", (c) => c.notNull())
        .addColumn("taken_at", "bigint", (c) => c.notNull())
        .addColumn("block_number", "bigint", (c) => c.notNull())
        .addColumn("synthetic", "integer", (c) => c.notNull())
        .addColumn("market_cap", figure, (c) => c.notNull())
        .addColumn("pex_price", figure, (c) => c.notNull())
        .addColumn("backing_per_pex", figure, (c) => c.notNull())
        .addColumn("pex_total_supply", figure, (c) => c.notNull())
        .addColumn("win_price", figure, (c) => c.notNull())
        .addColumn("win_vault", figure, (c) => c.notNull())
        .addColumn("win1_price", figure, (c) => c.notNull())
        .addColumn("win1_vault", figure, (c) => c.notNull())
        .addColumn("treasury1_value", figure, (c) => c.notNull())
        .addColumn("treasury2_value", figure, (c) => c.notNull())
        .addColumn("total_deposited_pex", figure, (c) => c.notNull())
        .addColumn("pol_liquidity", figure, (c) => c.notNull())
        .addColumn("pol_value", figure, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex("protocol_snapshots_taken")
        .on("protocol_snapshots")
        .columns(["genesis_hash", "taken_at"])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable("protocol_snapshots").execute();
    },
  };
}
