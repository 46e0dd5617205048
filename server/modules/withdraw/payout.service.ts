import type { Insertable, Kysely, Transaction } from "kysely";
import type { Database, WithdrawalPayoutsTable } from "../../db/schema";
import { internalError } from "../../lib/errors";
import { appendEventInTrx } from "../events/append-event";
import { changeBalance } from "../ledger/ledger.service";
import { transitionRecord, type AssetRecordRow } from "../records/records.repository";
import { closePayout, insertPayout, type PayoutRow } from "./payout.repository";

/**
 * The state changes of a payout, each in the caller's transaction (the payout worker's is fenced
 * by its lease) and guarded by conditional updates, so two workers (or a worker and its own
 * earlier self) can never both settle one withdrawal.
 */

/** pending → sending, with the signed transaction stored before anyone broadcasts it. */
export async function claimForPayoutInTrx(
  trx: Transaction<Database>,
  record: AssetRecordRow,
  payout: Omit<Insertable<WithdrawalPayoutsTable>, "id" | "record_id" | "status" | "created_at" | "updated_at">,
  now: number,
): Promise<boolean> {
  const claimed = await transitionRecord(trx, BigInt(record.id), "pending", {
    status: "sending",
    tx_hash: payout.tx_hash,
    note: null,
    updated_at: now,
    bumpAttempts: true,
  });
  if (!claimed) return false;
  await insertPayout(trx, { ...payout, record_id: BigInt(record.id), status: "signed", created_at: now, updated_at: now });
  await payoutEvent(trx, BigInt(record.id), { status: "sent", txHash: payout.tx_hash }, now);
  return true;
}

/** The withdrawal's owner hears of its payout in the transaction that moves it (server/modules/events). */
async function payoutEvent(
  trx: Kysely<Database>,
  recordId: bigint,
  e: { status: "sent" | "confirmed" | "failed" | "requeued"; txHash: string | null },
  now: number,
): Promise<void> {
  const { user_id } = await trx
    .selectFrom("asset_records")
    .select("user_id")
    .where("id", "=", recordId)
    .executeTakeFirstOrThrow();
  await appendEventInTrx(trx, BigInt(user_id), "payout", { recordId: recordId.toString(), ...e }, { now });
}

export async function markPaidInTrx(trx: Transaction<Database>, payout: PayoutRow, now: number): Promise<boolean> {
  if (!(await closePayout(trx, BigInt(payout.id), "mined", now))) return false;
  const paid = await transitionRecord(trx, BigInt(payout.record_id), "sending", {
    status: "success",
    tx_hash: payout.tx_hash,
    updated_at: now,
  });
  if (paid) await payoutEvent(trx, BigInt(payout.record_id), { status: "confirmed", txHash: payout.tx_hash }, now);
  return paid;
}

/** The attempt can never be mined (its nonce went to another transaction): back to pending for a new one. */
export async function markDroppedInTrx(
  trx: Transaction<Database>,
  payout: PayoutRow,
  reason: string,
  now: number,
): Promise<boolean> {
  if (!(await closePayout(trx, BigInt(payout.id), "dropped", now))) return false;
  const requeued = await transitionRecord(trx, BigInt(payout.record_id), "sending", {
    status: "pending",
    tx_hash: null,
    note: reason,
    updated_at: now,
  });
  if (requeued) await payoutEvent(trx, BigInt(payout.record_id), { status: "requeued", txHash: null }, now);
  return requeued;
}

/**
 * Failed for good: the record turns Failed and the amount goes back to withdrawUsdt with its own
 * ledger row (kind "withdraw_refund"). `payout` is the reverted attempt, or null when no
 * transaction was signed at all (e.g. the payout wallet lacks funds).
 */
export async function failAndRefundInTrx(
  trx: Kysely<Database>,
  record: AssetRecordRow,
  payout: PayoutRow | null,
  reason: string,
  now: number,
): Promise<boolean> {
  if (payout && !(await closePayout(trx, BigInt(payout.id), "reverted", now))) return false;
  const from = payout ? "sending" : "pending";
  if (
    !(await transitionRecord(trx, BigInt(record.id), from, { status: "failed", note: reason.slice(0, 256), updated_at: now }))
  ) {
    if (payout) throw new Error(`payout ${payout.id} closed but its record ${record.id} was not sending`);
    return false;
  }
  await changeBalance(
    trx,
    {
      userId: BigInt(record.user_id),
      currency: "WUSDT",
      delta: -BigInt(record.amount),
      kind: "withdraw_refund",
      ref: `record:${record.id}`,
      now,
    },
    internalError("a refund cannot overdraw"),
  );
  await payoutEvent(trx, BigInt(record.id), { status: "failed", txHash: payout?.tx_hash ?? null }, now);
  return true;
}

export function failAndRefund(
  db: Kysely<Database>,
  record: AssetRecordRow,
  payout: PayoutRow | null,
  reason: string,
  now: number,
): Promise<boolean> {
  return db.transaction().execute((trx) => failAndRefundInTrx(trx, record, payout, reason, now));
}
