/* Reads without writes, and work done in transactions: see ADR-0197. */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "./schema";

/**
 * A database that only reads: it builds selects (whose subqueries are selects too) and nothing
 * else, so code holding one cannot write through it, a write does not type-check. A
 * `Kysely<Database>` and every transaction are one; `readsOf` makes one that is nothing more.
 */
export type ReadDb = Pick<Kysely<Database>, "selectFrom">;

/** The selects of `db` and nothing else, not even at run time (no cast gets the writes back). */
export function readsOf(db: Kysely<Database>): ReadDb {
  return { selectFrom: db.selectFrom.bind(db) };
}

/**
 * What work spread over several transactions is given: where it reads between them, and how it
 * opens each transaction it writes in. `T` says which transactions: a leased job's are fenced by
 * its lease (server/jobs/lease/with-lease.ts). A property, not a method, so that a transactor of
 * plain transactions is no transactor of fenced ones (methods would be compared bivariantly).
 */
export interface Transactor<T extends Transaction<Database> = Transaction<Database>> {
  readonly reads: ReadDb;
  readonly transaction: <R>(fn: (trx: T) => Promise<R>) => Promise<R>;
}

/** The transactor of a plain database: every transaction unguarded (a request, a test, a script). */
export function transactorOf(db: Kysely<Database>): Transactor {
  return { reads: readsOf(db), transaction: (fn) => db.transaction().execute(fn) };
}
