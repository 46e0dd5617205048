import type { Kysely } from "kysely";
import { INSUFFICIENT_WITHDRAW_BALANCE } from "../../../domain/withdraw-rules";
import type { Database } from "../../db/schema";
import { conflict, internalError } from "../../lib/errors";
import { changeBalance } from "../ledger/ledger.service";
import { insertRecord } from "../records/records.repository";

/**
 * withdrawUsdt → amountUsdt in one transaction: the debit, the credit and a Success record
 * commit together or not at all. The debit refuses to overdraw, whatever runs concurrently.
 */
export function transferToSpendable(db: Kysely<Database>, userId: bigint, amount: bigint, now: number) {
  return db.transaction().execute((trx) => transferInTrx(trx, userId, amount, now));
}

export async function transferInTrx(trx: Kysely<Database>, userId: bigint, amount: bigint, now: number) {
  const recordId = await insertRecord(trx, {
    user_id: userId,
    type: "transfer",
    currency: "USDT",
    amount,
    status: "success",
    tx_hash: null,
    address: null,
    ref: null,
    note: "withdrawUsdt → amountUsdt",
    attempts: 0,
    created_at: now,
    updated_at: now,
  });
  const ref = `record:${recordId}`;
  const withdrawUsdt = await changeBalance(
    trx,
    { userId, currency: "WUSDT", delta: -amount, kind: "transfer", ref, now },
    conflict(INSUFFICIENT_WITHDRAW_BALANCE),
  );
  const amountUsdt = await changeBalance(
    trx,
    { userId, currency: "USDT", delta: amount, kind: "transfer", ref, now },
    internalError("a credit cannot overdraw"),
  );
  return { id: Number(recordId), amount, withdrawUsdt, amountUsdt };
}
