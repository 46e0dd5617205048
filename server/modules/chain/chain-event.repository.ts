import type { ExpressionBuilder, Insertable, Kysely, Selectable } from "kysely";
import type { ChainEventsTable, Database } from "../../db/schema";
import type { ReadDb } from "../../db/transactor";

type Q = Kysely<Database>;
export type ChainEventRow = Selectable<ChainEventsTable>;

/** What identifies one event across reorganisations: its chain, the transaction and its place in it. */
export interface ChainEventKey {
  chainId: number;
  genesisHash: string;
  txHash: string;
  ordinal: number;
}

/** Where an event was seen: the block (number and hash) and the log's index in it. */
export interface ChainEventBlock {
  blockNumber: bigint;
  blockHash: string;
  logIndex: number;
}

/** The WHERE of one event by its key. */
const keyIs = (k: ChainEventKey) => (eb: ExpressionBuilder<Database, "chain_events">) =>
  eb.and({ chain_id: k.chainId, genesis_hash: k.genesisHash, tx_hash: k.txHash.toLowerCase(), ordinal: k.ordinal });

/** Inserts the event as canonical; false when its key is already there. */
export async function insertChainEvent(db: Q, values: Insertable<ChainEventsTable>): Promise<boolean> {
  const result = await db
    .insertInto("chain_events")
    .values(values)
    .onConflict((oc) => oc.columns(["chain_id", "genesis_hash", "tx_hash", "ordinal"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export function findChainEvent(db: Q, k: ChainEventKey): Promise<ChainEventRow | undefined> {
  return db.selectFrom("chain_events").selectAll().where(keyIs(k)).executeTakeFirst();
}

/** Sets what the credit produced (the user's record, or that no user was found). */
export async function setChainEventOutcome(
  db: Q,
  k: ChainEventKey,
  v: { kind: ChainEventsTable["kind"]; recordId: bigint | null; now: number },
): Promise<void> {
  await db.updateTable("chain_events").set({ kind: v.kind, record_id: v.recordId, updated_at: v.now }).where(keyIs(k)).execute();
}

/**
 * The credit stands but its transaction is now in another block (mined again after a
 * reorganisation): only the block moves. Conditional on the block it was in, so two watchers
 * (or the watcher and the reconciliation) cannot both act on one sighting.
 */
export async function moveChainEvent(
  db: Q,
  k: ChainEventKey,
  fromBlockHash: string | null,
  to: ChainEventBlock,
  now: number,
): Promise<boolean> {
  let q = db
    .updateTable("chain_events")
    .set({ block_number: to.blockNumber, block_hash: to.blockHash.toLowerCase(), log_index: to.logIndex, updated_at: now })
    .where(keyIs(k))
    .where("status", "=", "canonical");
  q = fromBlockHash === null ? q.where("block_hash", "is", null) : q.where("block_hash", "=", fromBlockHash);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** canonical (in block `blockHash`) → orphaned; false when someone else changed it first. */
export async function orphanChainEvent(db: Q, k: ChainEventKey, blockHash: string | null, now: number): Promise<boolean> {
  let q = db
    .updateTable("chain_events")
    .set({ status: "orphaned", updated_at: now })
    .where(keyIs(k))
    .where("status", "=", "canonical");
  q = blockHash === null ? q.where("block_hash", "is", null) : q.where("block_hash", "=", blockHash);
  const result = await q.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** orphaned → canonical in its new block, once: the event was mined again after its reversal. */
export async function reviveChainEvent(db: Q, k: ChainEventKey, at: ChainEventBlock, now: number): Promise<boolean> {
  const result = await db
    .updateTable("chain_events")
    .set({
      status: "canonical",
      block_number: at.blockNumber,
      block_hash: at.blockHash.toLowerCase(),
      log_index: at.logIndex,
      updated_at: now,
    })
    .where(keyIs(k))
    .where("status", "=", "orphaned")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Canonical events of this chain above `afterBlock`: the ones a reorganisation could still orphan. */
export function canonicalEventsAbove(
  db: ReadDb,
  chainId: number,
  genesisHash: string,
  afterBlock: bigint,
): Promise<ChainEventRow[]> {
  return db
    .selectFrom("chain_events")
    .selectAll()
    .where("chain_id", "=", chainId)
    .where("genesis_hash", "=", genesisHash)
    .where("status", "=", "canonical")
    .where("block_number", ">", afterBlock)
    .orderBy("block_number")
    .execute();
}

export const keyOf = (row: ChainEventRow): ChainEventKey => ({
  chainId: Number(row.chain_id),
  genesisHash: row.genesis_hash,
  txHash: row.tx_hash,
  ordinal: Number(row.ordinal),
});
