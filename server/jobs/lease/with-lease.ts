/* A leased job's only way to write: a transaction fenced by its lease (ADR-0197). */
import { sql, type Kysely, type Transaction } from "kysely";
import type { Db, DialectName } from "../../db/database";
import type { Database } from "../../db/schema";
import { readsOf, type ReadDb, type Transactor } from "../../db/transactor";
import { leaseIsLive, type Lease } from "./lease-store";

declare const fenced: unique symbol;

/**
 * A transaction in which the job's lease was found live, still its holder's with its token,
 * before anything else ran in it (on PostgreSQL the lease row stays locked `for share` until it
 * ends, so a takeover waits for it). withLease makes the only ones: a plain transaction is not
 * one, so a function asking for a FencedTrx cannot be handed an unfenced write.
 */
export type FencedTrx = Transaction<Database> & { readonly [fenced]: true };

/** The job's lease is gone (expired, or taken by another process): its transaction was rolled back. */
export class LeaseLostError extends Error {
  override name = "LeaseLostError";
  constructor(readonly lease: Lease) {
    super(`lease of job ${lease.name} lost (token ${lease.token})`);
  }
}

export interface JobLeaseOptions {
  /**
   * PostgreSQL: the longest a fenced transaction may sit idle (its process paused, say) before
   * the server ends it. Its lock on the lease row would otherwise hold a takeover back for as
   * long as the pause lasts; the lease's own length keeps the takeover within two leases.
   */
  idleLimitMs?: number;
}

/**
 * What a leased job's pass is given, and all it is given of the database: `reads`, which cannot
 * write, and `transaction(fn)` (or withLease), whose transactions are fenced by the lease. So a
 * job's write outside a fenced transaction does not type-check. The database itself is private
 * (#db), out of reach at run time too.
 */
export class JobLease implements Transactor<FencedTrx> {
  readonly reads: ReadDb;
  readonly dialect: DialectName;
  readonly #db: Kysely<Database>;
  readonly #idleLimitMs: number | undefined;

  constructor(
    db: Pick<Db, "kysely" | "dialect">,
    readonly lease: Lease,
    o: JobLeaseOptions = {},
  ) {
    this.#db = db.kysely;
    this.dialect = db.dialect;
    this.reads = readsOf(db.kysely);
    this.#idleLimitMs = o.idleLimitMs;
  }

  /**
   * Runs `fn` in a transaction that first checks, inside it, that the lease is live and still its
   * holder's with its token (leaseIsLive: on PostgreSQL holding the row `for share` until commit,
   * so a takeover waits for this transaction and every later one sees the new token). A failed
   * check throws LeaseLostError before `fn` runs: nothing is written. On SQLite one writer at a
   * time serialises the check and a takeover the same way (a file shared by processes in WAL
   * mode refuses a write from a transaction whose snapshot is stale).
   */
  readonly transaction = <R>(fn: (trx: FencedTrx) => Promise<R>): Promise<R> =>
    this.#db.transaction().execute(async (trx) => {
      if (this.dialect === "postgres" && this.#idleLimitMs)
        await sql`select set_config('idle_in_transaction_session_timeout', ${String(Math.ceil(this.#idleLimitMs))}, true)`.execute(
          trx,
        );
      if (!(await leaseIsLive(trx, this.dialect, this.lease))) throw new LeaseLostError(this.lease);
      // The one place a FencedTrx is made: right after the check, in the same transaction.
      return fn(trx as FencedTrx);
    });
}

/** `lease.transaction(fn)`: `fn` runs in a transaction fenced by `lease`, or not at all (LeaseLostError). */
export function withLease<R>(lease: JobLease, fn: (trx: FencedTrx) => Promise<R>): Promise<R> {
  return lease.transaction(fn);
}

/**
 * For jobs whose only effect is a chain transaction, which no database transaction can hold:
 * confirms the lease right before sending, with a fenced transaction that writes nothing.
 */
export async function confirmLease(lease: JobLease): Promise<void> {
  await withLease(lease, async () => undefined);
}
