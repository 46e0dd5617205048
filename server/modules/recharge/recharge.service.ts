import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { conflict, tooManyRequests } from "../../lib/errors";
import { insertRecord } from "../records/records.repository";
import { isUniqueViolation } from "../../lib/unique-violation";
import { countOpenIntents, insertIntent, referenceExists } from "./recharge.repository";

/** Open (Pending) intents a user may hold at once: enough for any real use, a cap on spam. */
export const MAX_OPEN_INTENTS = 20;

const referenceTaken = () => conflict("recharge.referenceTaken");

/**
 * Registers what the user is about to pay on chain: a Pending recharge record and the intent
 * that lets the chain watcher match the `Recharged` event (by reference and sender).
 */
export async function registerRechargeIntent(
  db: Kysely<Database>,
  v: { userId: bigint; reference: string; amount: bigint; now: number; ttlMs: number },
) {
  if (await referenceExists(db, v.reference)) throw referenceTaken();
  if ((await countOpenIntents(db, v.userId)) >= MAX_OPEN_INTENTS)
    throw tooManyRequests("recharge.tooManyOpen", { max: MAX_OPEN_INTENTS });
  try {
    const recordId = await db.transaction().execute(async (trx) => {
      const id = await insertRecord(trx, {
        user_id: v.userId,
        type: "recharge",
        currency: "USDT",
        amount: v.amount,
        status: "pending",
        tx_hash: null,
        address: null,
        ref: v.reference,
        note: null,
        attempts: 0,
        created_at: v.now,
        updated_at: v.now,
      });
      await insertIntent(trx, { userId: v.userId, reference: v.reference, amount: v.amount, recordId: id, now: v.now });
      return id;
    });
    return {
      id: Number(recordId),
      reference: v.reference,
      amount: v.amount,
      status: "Pending" as const,
      expiresAt: v.now + v.ttlMs,
    };
  } catch (err) {
    // Two registrations of one reference at the same moment: the unique index decides.
    if (isUniqueViolation(err)) throw referenceTaken();
    throw err;
  }
}
