import type { Insertable, Kysely, Selectable } from "kysely";
import type { Database, WithdrawalPayoutsTable } from "../../db/schema";
import type { ReadDb } from "../../db/transactor";

type Q = Kysely<Database>;
export type PayoutRow = Selectable<WithdrawalPayoutsTable>;

export function signedPayouts(db: ReadDb, chainId: number): Promise<PayoutRow[]> {
  return db
    .selectFrom("withdrawal_payouts")
    .selectAll()
    .where("status", "=", "signed")
    .where("chain_id", "=", chainId)
    .orderBy("id")
    .execute();
}

/** Withdrawals waiting for a payout, oldest first. */
export function pendingWithdrawals(db: ReadDb, limit: number) {
  return db
    .selectFrom("asset_records")
    .selectAll()
    .where("type", "=", "withdraw")
    .where("status", "=", "pending")
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** The highest nonce this wallet has signed a still-open payout with on this chain. */
export async function highestSignedNonce(db: ReadDb, chainId: number, from: string): Promise<bigint | null> {
  const row = await db
    .selectFrom("withdrawal_payouts")
    .select((eb) => eb.fn.max("nonce").as("n"))
    .where("chain_id", "=", chainId)
    .where("from_address", "=", from.toLowerCase())
    .where("status", "=", "signed")
    .executeTakeFirst();
  return row?.n == null ? null : BigInt(row.n);
}

export async function insertPayout(db: Q, values: Insertable<WithdrawalPayoutsTable>): Promise<void> {
  await db.insertInto("withdrawal_payouts").values(values).execute();
}

/** Closes a signed payout; false when another worker closed it first. */
export async function closePayout(db: Q, id: bigint, status: "mined" | "reverted" | "dropped", now: number): Promise<boolean> {
  const result = await db
    .updateTable("withdrawal_payouts")
    .set({ status, updated_at: now })
    .where("id", "=", id)
    .where("status", "=", "signed")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** When the node was first seen not knowing a signed payout whose nonce is used (null: it knows it again). */
export async function setGoneSince(db: Q, id: bigint, at: number | null): Promise<void> {
  await db
    .updateTable("withdrawal_payouts")
    .set({ gone_since: at })
    .where("id", "=", id)
    .where("status", "=", "signed")
    .execute();
}

export function payoutsOfRecords(db: Q, recordIds: bigint[]): Promise<PayoutRow[]> {
  if (recordIds.length === 0) return Promise.resolve([]);
  return db.selectFrom("withdrawal_payouts").selectAll().where("record_id", "in", recordIds).orderBy("id").execute();
}
