import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { appendEventInTrx } from "../events/append-event";
import { clearUnseenConfirmations, setSeenConfirmations } from "./recharge.repository";

/**
 * "x of N confirmations" of a Pending recharge, stored in the caller's (the chain watcher's
 * fenced) transaction with the event that pushes it to the owner's open pages; a depth already
 * stored is neither written nor pushed again.
 */
export async function noteConfirmationsInTrx(
  trx: Kysely<Database>,
  s: { userId: bigint; recordId: bigint; txHash: string; confirmations: number; required: number; now: number },
): Promise<boolean> {
  const seen = { txHash: s.txHash, confirmations: s.confirmations };
  if (!(await setSeenConfirmations(trx, s.recordId, seen, s.now))) return false;
  const data = {
    recordId: s.recordId.toString(),
    status: "confirming",
    confirmations: s.confirmations,
    required: s.required,
  } as const;
  await appendEventInTrx(trx, s.userId, "recharge", data, { now: s.now });
  return true;
}

/** Pending recharges whose payment left the chain before it was credited go back to waiting, each owner told. */
export async function clearUnseenInTrx(trx: Kysely<Database>, seenRecordIds: bigint[], now: number): Promise<number> {
  const cleared = await clearUnseenConfirmations(trx, seenRecordIds, now);
  for (const row of cleared) {
    const data = { recordId: String(row.id), status: "waiting", confirmations: null, required: null } as const;
    await appendEventInTrx(trx, BigInt(row.user_id), "recharge", data, { now });
  }
  return cleared.length;
}
