import { EventEmitter } from "node:events";
import { type Kysely, PostgresAdapter, sql } from "kysely";
import type { Database } from "../../db/schema";

/** PostgreSQL's channel: the payload is the user id whose events grew (0: everyone's). */
export const EVENTS_CHANNEL = "user_events";

/**
 * SQLite's replicas are this one process: a written event wakes the streams here. The signal is
 * given inside the writing transaction, and the streams then read through the same Kysely,
 * whose one SQLite connection is held by that transaction until it commits or rolls back: the
 * read sees the event once committed, and never one rolled back.
 */
export const localEventSignal = new EventEmitter().setMaxListeners(0);

/**
 * Says that `userId`'s events grew, in the transaction that wrote them: PostgreSQL delivers a
 * NOTIFY only when (and if) its transaction commits, to every process listening, once per
 * payload however often one transaction sends it.
 */
export async function signalEventsInTrx(trx: Kysely<Database>, userId: bigint): Promise<void> {
  if (trx.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`select pg_notify(${EVENTS_CHANNEL}, ${userId.toString()})`.execute(trx);
  } else {
    localEventSignal.emit("events", userId);
  }
}
