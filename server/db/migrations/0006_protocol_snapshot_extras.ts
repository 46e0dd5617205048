import type { Kysely } from "kysely";

/**
 * The two dashboard figures a snapshot lacked: the ETH price and the protocol's share of the
 * PEX-ETH pool, so the dashboard's first paint (from the newest snapshot) shows every figure.
 * Null in rows recorded before and in the synthetic demo history (nothing to make them up from).
 */
export function m0006ProtocolSnapshotExtras() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable("protocol_snapshots").addColumn("eth_price", "varchar(80)").execute();
      await db.schema.alterTable("protocol_snapshots").addColumn("pol_share_bps", "varchar(80)").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("protocol_snapshots").dropColumn("pol_share_bps").execute();
      await db.schema.alterTable("protocol_snapshots").dropColumn("eth_price").execute();
    },
  };
}
