import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { ReadDb } from "../../db/transactor";

/**
 * How far a job has read a chain: the chain's identity (genesis hash), the last block done and
 * that block's hash, so a reorganisation below the cursor is noticed (the hash changes).
 */
export interface ChainCursor {
  genesisHash: string;
  block: number;
  /** Absent in cursors written before issue 12, and right after a rewind. */
  blockHash?: string;
}

// app_meta keys are at most 64 characters: "cursor:" + chain id + ":" + address fits any chain id.
export const cursorKey = (chainId: number, contract: string) => `cursor:${chainId}:${contract.toLowerCase()}`;

export async function readCursor(db: ReadDb, key: string): Promise<ChainCursor | null> {
  const row = await db.selectFrom("app_meta").select("value").where("key", "=", key).executeTakeFirst();
  if (!row) return null;
  try {
    const value = JSON.parse(row.value) as Partial<ChainCursor>;
    if (typeof value.genesisHash === "string" && Number.isSafeInteger(value.block))
      return {
        genesisHash: value.genesisHash,
        block: value.block!,
        ...(typeof value.blockHash === "string" ? { blockHash: value.blockHash } : {}),
      };
  } catch {
    // A cursor we cannot read is treated as absent: the watcher rereads from the start block,
    // which is safe because crediting is keyed by (chain, tx hash, log index).
  }
  return null;
}

export async function writeCursor(db: Kysely<Database>, key: string, cursor: ChainCursor): Promise<void> {
  const value = JSON.stringify(cursor);
  await db
    .insertInto("app_meta")
    .values({ key, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
}
