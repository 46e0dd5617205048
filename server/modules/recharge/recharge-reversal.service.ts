import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema";
import { keyOf, orphanChainEvent, type ChainEventRow } from "../chain/chain-event.repository";
import { takeBackInTrx } from "../ledger/ledger.service";
import { findRecord, transitionRecord } from "../records/records.repository";

export type ReversalOutcome = "reversed" | "orphaned" | "gone";

/**
 * Reverses the credit of an event whose block left the chain, in one transaction: the event turns
 * orphaned (conditional on the block it was credited in, so it happens once whatever runs
 * concurrently), the credit is taken back with its own ledger rows (`recharge_reversal`: the
 * spendable USDT first, then the withdrawable, the rest as debt; see takeBackInTrx) and the
 * record turns Reversed with a note saying why. Orders placed with the money stand.
 * Answers "reversed" (money taken back), "orphaned" (nothing had been credited: no user, or dust)
 * or "gone" (someone else changed the event first).
 */
export function reverseOrphanedCredit(db: Kysely<Database>, event: ChainEventRow, now: number): Promise<ReversalOutcome> {
  return db.transaction().execute((trx) => reverseOrphanedCreditInTrx(trx, event, now));
}

/** reverseOrphanedCredit in the caller's transaction (the chain watcher's is fenced by its lease). */
export async function reverseOrphanedCreditInTrx(
  trx: Transaction<Database>,
  event: ChainEventRow,
  now: number,
): Promise<ReversalOutcome> {
  if (!(await orphanChainEvent(trx, keyOf(event), event.block_hash, now))) return "gone";
  if (event.kind !== "recharge" || event.record_id === null) return "orphaned";
  const record = await findRecord(trx, BigInt(event.record_id));
  if (!record) throw new Error(`record ${event.record_id} of chain event ${event.tx_hash} is missing`);
  const amount = BigInt(record.amount);
  const why = `Block ${event.block_number} left the chain (reorganisation): the payment is gone and the credit was reversed`;
  let note = why;
  if (amount > 0n) {
    const taken = await takeBackInTrx(trx, {
      userId: BigInt(record.user_id),
      amount,
      kind: "recharge_reversal",
      ref: `record:${record.id}`,
      now,
    });
    if (taken.debt > 0n) note += `; ${taken.debt} micro-USDT not covered by the balance became a debt`;
  }
  const reversed = await transitionRecord(trx, BigInt(record.id), "success", {
    status: "reversed",
    note: note.slice(0, 256),
    updated_at: now,
  });
  if (!reversed) throw new Error(`record ${record.id} of chain event ${event.tx_hash} was not a credited recharge`);
  return amount > 0n ? "reversed" : "orphaned";
}
