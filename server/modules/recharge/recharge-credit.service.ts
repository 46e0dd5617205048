import type { Kysely } from "kysely";
import { referenceFromRandom } from "../../../domain/random-reference";
import { tokenUnitsToMicro } from "../../../domain/usdt-amount";
import type { Database } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { changeBalance } from "../ledger/ledger.service";
import { insertRecord } from "../records/records.repository";
import { findUserByAddress } from "../user/user.repository";
import { findIntentByReference } from "./recharge.repository";

/** A `Recharged(user, token, random, amount)` log of the game contract. */
export interface RechargeEvent {
  chainId: number;
  txHash: string;
  logIndex: number;
  blockNumber: bigint;
  user: string;
  token: string;
  random: bigint;
  /** Token base units. */
  amount: bigint;
  decimals: number;
}

export type CreditOutcome = "matched" | "unmatched_intent" | "no_user" | "duplicate";

/**
 * Credits one recharge event, exactly once: the chain_events row (primary key chain, tx hash,
 * log index) is inserted in the same transaction as the balance change, so a second delivery of
 * the event (a restart, a second watcher, a rewound cursor) finds the key taken and does nothing.
 *
 * Matching: the intent whose reference equals `random` and whose owner sent the payment. A
 * payment with no such intent still belongs to its sender: it is credited with a new record.
 * A sender with no account is recorded (kind "recharge_no_user") and not credited.
 */
export async function creditRechargeEvent(db: Kysely<Database>, ev: RechargeEvent, now: number): Promise<CreditOutcome> {
  return db.transaction().execute(async (trx) => {
    const payload = JSON.stringify({
      user: ev.user.toLowerCase(),
      token: ev.token.toLowerCase(),
      random: ev.random.toString(),
      amount: ev.amount.toString(),
    });
    const inserted = await trx
      .insertInto("chain_events")
      .values({
        chain_id: ev.chainId,
        tx_hash: ev.txHash.toLowerCase(),
        log_index: ev.logIndex,
        block_number: ev.blockNumber,
        kind: "recharge",
        payload,
        created_at: now,
      })
      .onConflict((oc) => oc.columns(["chain_id", "tx_hash", "log_index"]).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return "duplicate";

    const user = await findUserByAddress(trx, ev.user);
    if (!user) {
      await trx
        .updateTable("chain_events")
        .set({ kind: "recharge_no_user" })
        .where("chain_id", "=", ev.chainId)
        .where("tx_hash", "=", ev.txHash.toLowerCase())
        .where("log_index", "=", ev.logIndex)
        .execute();
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
    if (!matched)
      notes.push(reference ? `No open recharge of this account with reference ${reference}` : "No recharge reference");
    if (matched && BigInt(intent.amount) !== micro) notes.push(`Announced ${intent.amount} micro-USDT, received ${micro}`);
    if (remainder > 0n) notes.push(`${remainder} token base units below 1 micro-USDT were not credited`);
    const note = notes.length ? notes.join("; ").slice(0, 256) : null;

    let recordId: bigint;
    if (matched) {
      recordId = BigInt(intent.record_id);
      await trx
        .updateTable("asset_records")
        .set({ status: "success", amount: micro, tx_hash: ev.txHash, note, updated_at: now })
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
    if (micro > 0n) {
      await changeBalance(
        trx,
        { userId, currency: "USDT", delta: micro, kind: "recharge", ref: `record:${recordId}`, now },
        new AppError(500, "a credit cannot overdraw"),
      );
    }
    return matched ? "matched" : "unmatched_intent";
  });
}
