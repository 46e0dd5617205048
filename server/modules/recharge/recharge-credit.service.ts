import type { Kysely, Transaction } from "kysely";
import { referenceFromRandom } from "../../../domain/random-reference";
import { tokenUnitsToMicro } from "../../../domain/usdt-amount";
import type { Database } from "../../db/schema";
import { internalError } from "../../lib/errors";
import {
  findChainEvent,
  insertChainEvent,
  moveChainEvent,
  reviveChainEvent,
  setChainEventOutcome,
} from "../chain/chain-event.repository";
import { appendEventInTrx } from "../events/append-event";
import { changeBalance } from "../ledger/ledger.service";
import { insertRecord } from "../records/records.repository";
import { findUserByAddress } from "../user/user.repository";
import { findIntentByReference } from "./recharge.repository";

/** A `Recharged(user, token, random, amount)` log of the game contract. */
export interface RechargeEvent {
  chainId: number;
  /** The chain's genesis hash: part of the event's key, so a fresh local chain cannot collide with an old one. */
  genesisHash: string;
  txHash: string;
  /** The event's place among its transaction's Recharged events (0 for the usual one). */
  ordinal: number;
  logIndex: number;
  blockNumber: bigint;
  blockHash: string;
  user: string;
  token: string;
  random: bigint;
  /** Token base units. */
  amount: bigint;
  decimals: number;
}

export type CreditOutcome = "matched" | "unmatched_intent" | "no_user" | "duplicate" | "moved" | "recredited";

/**
 * Credits one recharge event, exactly once: the chain_events row (key: chain, genesis hash, tx
 * hash, ordinal) is inserted in the same transaction as the balance change, so a second delivery
 * of the event (a restart, a second watcher, a rewound cursor) finds the key taken and does
 * nothing. A key already there is one of three cases:
 * - canonical in the same block: a duplicate;
 * - canonical in another block: the transaction was mined again after a reorganisation before
 *   the reconciliation reversed it; the payment is the same, so only its block moves;
 * - orphaned (its credit was reversed): mined again, it is credited again, once (the row turns
 *   canonical in one conditional UPDATE), on a new record.
 *
 * Matching: the intent whose reference equals `random` and whose owner sent the payment. A
 * payment with no such intent still belongs to its sender: it is credited with a new record.
 * A sender with no account is recorded (kind "recharge_no_user") and not credited.
 */
export function creditRechargeEvent(db: Kysely<Database>, ev: RechargeEvent, now: number): Promise<CreditOutcome> {
  return db.transaction().execute((trx) => creditRechargeEventInTrx(trx, ev, now));
}

/** creditRechargeEvent in the caller's transaction (the chain watcher's is fenced by its lease). */
export async function creditRechargeEventInTrx(
  trx: Transaction<Database>,
  ev: RechargeEvent,
  now: number,
): Promise<CreditOutcome> {
  const key = { chainId: ev.chainId, genesisHash: ev.genesisHash, txHash: ev.txHash, ordinal: ev.ordinal };
  const block = { blockNumber: ev.blockNumber, blockHash: ev.blockHash, logIndex: ev.logIndex };
  const payload = JSON.stringify({
    user: ev.user.toLowerCase(),
    token: ev.token.toLowerCase(),
    random: ev.random.toString(),
    amount: ev.amount.toString(),
  });
  const inserted = await insertChainEvent(trx, {
    chain_id: ev.chainId,
    genesis_hash: ev.genesisHash,
    tx_hash: ev.txHash.toLowerCase(),
    ordinal: ev.ordinal,
    log_index: ev.logIndex,
    block_number: ev.blockNumber,
    block_hash: ev.blockHash.toLowerCase(),
    kind: "recharge",
    status: "canonical",
    record_id: null,
    payload,
    created_at: now,
    updated_at: now,
  });
  let reversedRecord: bigint | null = null;
  if (!inserted) {
    const row = await findChainEvent(trx, key);
    if (!row) throw new Error(`chain event ${ev.txHash}/${ev.ordinal} vanished`);
    if (row.status === "canonical") {
      if (row.block_hash === ev.blockHash.toLowerCase()) return "duplicate";
      return (await moveChainEvent(trx, key, row.block_hash, block, now)) ? "moved" : "duplicate";
    }
    if (!(await reviveChainEvent(trx, key, block, now))) return "duplicate";
    reversedRecord = row.record_id === null ? null : BigInt(row.record_id);
  }
  const recredit = !inserted;

  const user = await findUserByAddress(trx, ev.user);
  if (!user) {
    await setChainEventOutcome(trx, key, { kind: "recharge_no_user", recordId: null, now });
    return "no_user";
  }
  const userId = BigInt(user.id);
  const { micro, remainder } = tokenUnitsToMicro(ev.amount, ev.decimals);
  const reference = referenceFromRandom(ev.random);
  const intent = reference ? await findIntentByReference(trx, reference) : undefined;
  // A Failed intent is one that expired unpaid: a late payment still completes it.
  const matched =
    intent &&
    BigInt(intent.user_id) === userId &&
    (intent.status === "pending" || (intent.status === "failed" && !intent.tx_hash));

  const notes: string[] = [];
  if (recredit)
    notes.push(
      `Mined again in block ${ev.blockNumber} after a chain reorganisation` +
        (reversedRecord === null ? "" : ` (the first credit, record ${reversedRecord}, was reversed)`),
    );
  else if (!matched)
    notes.push(reference ? `No open recharge of this account with reference ${reference}` : "No recharge reference");
  if (matched && BigInt(intent.amount) !== micro) notes.push(`Announced ${intent.amount} micro-USDT, received ${micro}`);
  if (remainder > 0n) notes.push(`${remainder} token base units below 1 micro-USDT were not credited`);
  const note = notes.length ? notes.join("; ").slice(0, 256) : null;

  let recordId: bigint;
  if (matched) {
    recordId = BigInt(intent.record_id);
    await trx
      .updateTable("asset_records")
      .set({ status: "success", amount: micro, tx_hash: ev.txHash, note, confirmations: null, updated_at: now })
      .where("id", "=", recordId)
      .execute();
  } else {
    recordId = await insertRecord(trx, {
      user_id: userId,
      type: "recharge",
      currency: "USDT",
      amount: micro,
      status: "success",
      tx_hash: ev.txHash,
      address: null,
      ref: reference,
      note,
      attempts: 0,
      created_at: now,
      updated_at: now,
    });
  }
  await setChainEventOutcome(trx, key, { kind: "recharge", recordId, now });
  if (micro > 0n) {
    await changeBalance(
      trx,
      { userId, currency: "USDT", delta: micro, kind: "recharge", ref: `record:${recordId}`, now },
      internalError("a credit cannot overdraw"),
    );
  }
  // After the balance: the users row is locked before the event counter, as in every change
  // (appendEventInTrx), so a concurrent order of this user cannot deadlock with the credit.
  const credited = { recordId: recordId.toString(), status: "credited", confirmations: null, required: null } as const;
  await appendEventInTrx(trx, userId, "recharge", credited, { now });
  if (recredit) return "recredited";
  return matched ? "matched" : "unmatched_intent";
}
