import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { EventData, EventName } from "../../../domain/api/events";
import type { Database } from "../../db/schema";
import { giveBackSeq, insertEvent, takeSeq } from "./event.repository";
import { signalLocalEvents } from "./event-signal";

/** The user id of the events every signed-in user gets (lottery draws). */
export const EVERYONE = 0n;

/**
 * Writes an event for `userId`'s stream in the caller's transaction, the one that makes the
 * change the event reports: both commit or neither does, so a crash can neither lose an event
 * nor report a change that did not happen. `dedupeKey`: an event a job may report twice (the
 * same round drawn, seen again after a restart) is written once. Answers whether it was written.
 *
 * Locks: the user's event counter is locked until commit. A transaction that also changes the
 * user's balance changes it first (the users row, then the counter), as `place_order` does on
 * PostgreSQL, so the two can never wait for each other in a cycle.
 *
 * On PostgreSQL this is the SQL function `append_user_event` (migration 0012), which the order
 * functions call too: one definition of the write, in one round trip.
 */
export async function appendEventInTrx<N extends EventName>(
  trx: Kysely<Database>,
  userId: bigint,
  name: N,
  data: EventData<N>,
  o: { now: number; dedupeKey?: string },
): Promise<boolean> {
  const json = JSON.stringify(data);
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{ written: boolean }>`select append_user_event(${userId}::bigint, ${name}::varchar, ${json}::text,
      ${o.dedupeKey ?? null}::varchar, ${o.now}::bigint) as written`.execute(trx);
    return rows[0]!.written;
  }
  const seq = await takeSeq(trx, userId);
  const written = await insertEvent(trx, { userId, seq, type: name, data: json, dedupeKey: o.dedupeKey ?? null, now: o.now });
  if (!written) {
    // A seq is given out to one event only: streams take a gap for events they missed.
    await giveBackSeq(trx, userId);
    return false;
  }
  signalLocalEvents(userId);
  return true;
}
