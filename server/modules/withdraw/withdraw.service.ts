import type { Kysely } from "kysely";
import { INSUFFICIENT_WITHDRAW_BALANCE } from "../../../domain/withdraw-rules";
import type { Database } from "../../db/schema";
import { conflict } from "../../lib/errors";
import { changeBalance } from "../ledger/ledger.service";
import { insertRecord } from "../records/records.repository";

/**
 * Debits withdrawUsdt and writes the Pending record the payout worker picks up, in the caller's
 * transaction. The record's amount is negative (money leaving the account).
 */
export async function debitWithdrawal(
  trx: Kysely<Database>,
  w: { userId: bigint; address: string; amount: bigint; note?: string | null; now: number },
) {
  const recordId = await insertRecord(trx, {
    user_id: w.userId,
    type: "withdraw",
    currency: "USDT",
    amount: -w.amount,
    status: "pending",
    tx_hash: null,
    address: w.address,
    ref: null,
    note: w.note ?? null,
    attempts: 0,
    created_at: w.now,
    updated_at: w.now,
  });
  const withdrawUsdt = await changeBalance(
    trx,
    { userId: w.userId, currency: "WUSDT", delta: -w.amount, kind: "withdraw", ref: `record:${recordId}`, now: w.now },
    conflict(INSUFFICIENT_WITHDRAW_BALANCE),
  );
  return { recordId, withdrawUsdt };
}

export async function requestWithdrawal(
  db: Kysely<Database>,
  w: { userId: bigint; address: string; amount: bigint; now: number },
) {
  const { recordId, withdrawUsdt } = await db.transaction().execute((trx) => debitWithdrawal(trx, w));
  return { id: Number(recordId), status: "Pending" as const, amount: w.amount, address: w.address, withdrawUsdt };
}
