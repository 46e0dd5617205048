import type { Kysely } from "kysely";
import type { EventData, EventName } from "../../../domain/api/events";
import type { Database } from "../../db/schema";
import { giveBackSeq, insertEvent, takeSeq } from "./event.repository";
import { signalEventsInTrx } from "./event-signal";

/** The user id of the events every signed-in user gets (lottery draws). */
export const EVERYONE = 0n;

/**
 * Writes an event for `userId`'s stream in the caller's transaction, the one that makes the
 * change the event reports: both commit or neither does, so a crash can neither lose an event
 * nor report a change that did not happen. `dedupeKey`: an event a job may report twice (the
 * same round drawn, seen again after a restart) is written once. Answers whether it was written.
 */
export async function appendEventInTrx<N extends EventName>(
  trx: Kysely<Database>,
  userId: bigint,
  name: N,
  data: EventData<N>,
  o: { now: number; dedupeKey?: string },
): Promise<boolean> {
  const seq = await takeSeq(trx, userId);
  const written = await insertEvent(trx, {
    userId,
    seq,
    type: name,
    data: JSON.stringify(data),
    dedupeKey: o.dedupeKey ?? null,
    now: o.now,
  });
  if (!written) {
    // A seq is given out to one event only: streams take a gap for events they missed.
    await giveBackSeq(trx, userId);
    return false;
  }
  await signalEventsInTrx(trx, userId);
  return true;
}
