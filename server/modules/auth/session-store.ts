import type { SessionUser } from "../user/user-info.repository";

/** The store could not answer without waiting for the database. */
export const NOT_NOW: unique symbol = Symbol("not now");

/**
 * Where every authenticated call finds its session's user (ADR-0195).
 * One per app, chosen in server/app.ts from the database's dialect: on PostgreSQL every lookup
 * asks the database (./session-store.pg.ts), so a logout or an expiry on any replica ends the
 * session on every replica at once; on SQLite's one API process lookups are kept until a write,
 * by this connection or another, could have changed them (./session-store.sqlite.ts).
 */
export interface SessionStore {
  /**
   * The user of an unexpired session, or undefined, without a promise where the answer needs no
   * wait (a kept answer, or SQLite outside a transaction); otherwise NOT_NOW, and the caller
   * asks `find`. Every authenticated call starts here: a promise and a turn of the microtask
   * queue are a measurable part of a hot read (ADR-0188, "Authenticated calls without a promise").
   */
  findNow(tokenHash: string, now: number): SessionUser | undefined | typeof NOT_NOW;
  /** The same lookup, waiting for the database where it must. */
  find(tokenHash: string, now: number): Promise<SessionUser | undefined>;
}
