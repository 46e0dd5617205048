import { sql, type Kysely } from "kysely";

interface OldEvent {
  chain_id: number | bigint;
  tx_hash: string;
  log_index: number | bigint;
  block_number: number | bigint;
  kind: string;
  payload: string;
  created_at: number | bigint;
}

/**
 * Reorganisations (issue 12).
 *
 * - `chain_events` is keyed by (chain, genesis hash, tx hash, ordinal): the genesis hash keeps a
 *   fresh local chain from colliding with an old one, and the ordinal (the event's place among
 *   the transaction's Recharged events) instead of the block's log index keeps the key when a
 *   transaction is mined again in another block. Each row keeps the block number and hash it was
 *   credited in, its status (`canonical`, or `orphaned` once its block left the chain and the
 *   credit was reversed) and the record it credited.
 *   Existing rows: the genesis hash is the one of the recharge cursor of their chain (the chain
 *   they were read from; a replaced chain's events can never be read again); ordinals are
 *   counted per transaction in log-index order; the record is the recharge record with that
 *   transaction hash; the block hash is unknown (null), and the reconciliation fills it in from
 *   the receipt if the row is still inside the reorganisation window.
 * - `users.debt_usdt`: what a reversal could not take back, never negative.
 * - `asset_records.confirmations`: blocks seen so far of a recharge that is not credited yet.
 * - `withdrawal_payouts.gone_since`: when the node was first seen not knowing a payout whose
 *   nonce is used (the replacement window starts there).
 */
export function m0007ChainReorg() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable("users")
        .addColumn("debt_usdt", "bigint", (c) =>
          c
            .notNull()
            .defaultTo(0)
            .check(sql`debt_usdt >= 0`),
        )
        .execute();
      await db.schema.alterTable("asset_records").addColumn("confirmations", "integer").execute();
      await db.schema.alterTable("withdrawal_payouts").addColumn("gone_since", "bigint").execute();

      await db.schema.alterTable("chain_events").renameTo("chain_events_0002").execute();
      await db.schema
        .createTable("chain_events")
        .addColumn("chain_id", "integer", (c) => c.notNull())
        .addColumn("genesis_hash", "varchar(66)", (c) => c.notNull())
        .addColumn("tx_hash", "varchar(66)", (c) => c.notNull())
        .addColumn("ordinal", "integer", (c) => c.notNull())
        .addColumn("log_index", "integer", (c) => c.notNull())
        .addColumn("block_number", "bigint", (c) => c.notNull())
        .addColumn("block_hash", "varchar(66)")
        .addColumn("kind", "varchar(16)", (c) => c.notNull()) // recharge | recharge_no_user
        .addColumn("status", "varchar(16)", (c) => c.notNull()) // canonical | orphaned
        .addColumn("record_id", "bigint", (c) => c.references("asset_records.id"))
        .addColumn("payload", "text", (c) => c.notNull())
        .addColumn("created_at", "bigint", (c) => c.notNull())
        .addColumn("updated_at", "bigint", (c) => c.notNull())
        .addPrimaryKeyConstraint("chain_events_event_pk", ["chain_id", "genesis_hash", "tx_hash", "ordinal"])
        .execute();
      await db.schema
        .createIndex("chain_events_window")
        .on("chain_events")
        .columns(["chain_id", "genesis_hash", "status", "block_number"])
        .execute();

      const old = (await sql<OldEvent>`select * from chain_events_0002 order by chain_id, tx_hash, log_index`.execute(db)).rows;
      if (old.length > 0) {
        const cursors = (
          await sql<{ key: string; value: string }>`select key, value from app_meta where key like ${"cursor:%"}`.execute(db)
        ).rows;
        const genesisOf = new Map<string, string>();
        for (const c of cursors) {
          try {
            const genesis = (JSON.parse(c.value) as { genesisHash?: unknown }).genesisHash;
            if (typeof genesis === "string") genesisOf.set(c.key.split(":")[1]!, genesis);
          } catch {
            // an unreadable cursor names no chain
          }
        }
        const records = (
          await sql<{ id: number | bigint; tx_hash: string }>`select id, tx_hash from asset_records
            where type = ${"recharge"} and tx_hash is not null order by id`.execute(db)
        ).rows;
        const recordsOf = new Map<string, (number | bigint)[]>();
        for (const r of records) {
          const key = r.tx_hash.toLowerCase();
          recordsOf.set(key, [...(recordsOf.get(key) ?? []), r.id]);
        }
        let previous = "";
        let ordinal = 0;
        for (const e of old) {
          const tx = `${e.chain_id}:${e.tx_hash}`;
          ordinal = tx === previous ? ordinal + 1 : 0;
          previous = tx;
          await db
            .insertInto("chain_events" as never)
            .values({
              chain_id: e.chain_id,
              genesis_hash: genesisOf.get(String(e.chain_id)) ?? "",
              tx_hash: e.tx_hash,
              ordinal,
              log_index: e.log_index,
              block_number: e.block_number,
              block_hash: null,
              kind: e.kind,
              status: "canonical",
              record_id: e.kind === "recharge" ? (recordsOf.get(e.tx_hash)?.[ordinal] ?? null) : null,
              payload: e.payload,
              created_at: e.created_at,
              updated_at: e.created_at,
            } as never)
            .execute();
        }
      }
      await db.schema.dropTable("chain_events_0002").execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable("chain_events").renameTo("chain_events_0007").execute();
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
      await sql`insert into chain_events (chain_id, tx_hash, log_index, block_number, kind, payload, created_at)
        select chain_id, tx_hash, log_index, block_number, kind, payload, created_at from chain_events_0007
        where status = 'canonical'`.execute(db);
      await db.schema.dropTable("chain_events_0007").execute();
      await db.schema.alterTable("withdrawal_payouts").dropColumn("gone_since").execute();
      await db.schema.alterTable("asset_records").dropColumn("confirmations").execute();
      await db.schema.alterTable("users").dropColumn("debt_usdt").execute();
    },
  };
}
