import { EventEmitter } from "node:events";

/**
 * PostgreSQL's channel: the payload is the user id whose events grew (0: everyone's). The writer
 * is the SQL function `append_user_event` (migration 0012): PostgreSQL delivers a NOTIFY only
 * when (and if) its transaction commits, to every process listening, once per payload however
 * often one transaction sends it.
 */
export const EVENTS_CHANNEL = "user_events";

/**
 * SQLite's replicas are this one process: a written event wakes the streams here. The signal is
 * given inside the writing transaction, and the streams then read through the same Kysely,
 * whose one SQLite connection is held by that transaction until it commits or rolls back: the
 * read sees the event once committed, and never one rolled back.
 */
export const localEventSignal = new EventEmitter().setMaxListeners(0);

/** SQLite: says that `userId`'s events grew, in the transaction that wrote them. */
export function signalLocalEvents(userId: bigint): void {
  localEventSignal.emit("events", userId);
}
