/* A Kysely whose writes are fenced by a job's lease: see fenceDb. */
import { sql, type CompiledQuery, type Kysely, type QueryExecutor, type TransactionBuilder } from "kysely";
import type { DialectName } from "../../db/database";
import type { Database } from "../../db/schema";
import { leaseIsLive, type Lease } from "./lease-store";

/** The job's lease is gone (expired, or taken by another process): its transaction was rolled back. */
export class LeaseLostError extends Error {
  override name = "LeaseLostError";
  constructor(readonly lease: Lease) {
    super(`lease of job ${lease.name} lost (token ${lease.token})`);
  }
}

/** A programming error: a job wrote outside a transaction, where no lease check can guard it. */
export class UnfencedWriteError extends Error {
  override name = "UnfencedWriteError";
  constructor(what: string) {
    super(`${what} outside a transaction in a leased job: wrap it in db.transaction()`);
  }
}

const WRITE_BUILDERS = new Set<PropertyKey>(["insertInto", "updateTable", "deleteFrom", "replaceInto", "mergeInto"]);
/** Ways around the fence: a pinned connection, a hand-driven transaction, DDL. */
const REFUSED = new Set<PropertyKey>(["connection", "startTransaction", "schema"]);
/** Methods answering another Kysely (plugins, schema): fenced in turn. */
const DERIVED_DBS = new Set<PropertyKey>(["withPlugin", "withoutPlugins", "withSchema", "withTables"]);
/** Methods answering a query creator (CTEs), whose write builders are refused as the root's are. */
const DERIVED_CREATORS = new Set<PropertyKey>(["with", "withRecursive"]);
const WRITE_NODES = new Set(["InsertQueryNode", "UpdateQueryNode", "DeleteQueryNode", "MergeQueryNode"]);
// Anywhere in the text: PostgreSQL's writable CTEs (`with x as (update … returning …) select …`) write too.
const WRITE_SQL = /\b(insert\s+into|replace\s+into|merge\s+into|delete\s+from|update\s+\S+\s+set)\b/i;

/** Refuses a compiled write (a raw `sql` one included) run on the root rather than in a transaction. */
function assertRead(query: CompiledQuery): void {
  if (WRITE_NODES.has(query.query.kind) || (query.query.kind === "RawNode" && WRITE_SQL.test(query.sql)))
    throw new UnfencedWriteError(query.sql.trim().split(/\s+/).slice(0, 3).join(" "));
}

function guardExecutor(executor: QueryExecutor): QueryExecutor {
  return new Proxy(executor, {
    get(target, prop) {
      if (prop === "executeQuery" || prop === "stream")
        return (query: CompiledQuery, ...rest: unknown[]) => {
          assertRead(query);
          return (target[prop] as (...args: unknown[]) => unknown)(query, ...rest);
        };
      return bound(target, prop);
    },
  });
}

function bound(target: object, prop: PropertyKey): unknown {
  const value: unknown = Reflect.get(target, prop, target);
  return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
}

/** A query creator (from `with`) whose write builders throw. */
function readOnlyCreator<T extends object>(creator: T): T {
  return new Proxy(creator, {
    get(target, prop) {
      if (WRITE_BUILDERS.has(prop))
        return () => {
          throw new UnfencedWriteError(String(prop));
        };
      if (DERIVED_CREATORS.has(prop))
        return (...args: unknown[]) => readOnlyCreator((bound(target, prop) as (...a: unknown[]) => object)(...args));
      return bound(target, prop);
    },
  });
}

export interface FenceOptions {
  /**
   * PostgreSQL: the longest a fenced transaction may sit idle (its process paused, say) before
   * the server ends it. Its lock on the lease row would otherwise hold a takeover back for as
   * long as the pause lasts; the lease's own length keeps the takeover within two leases.
   */
  idleLimitMs?: number;
}

function fencedTransaction(
  builder: TransactionBuilder<Database>,
  dialect: DialectName,
  lease: Lease,
  o: FenceOptions,
): TransactionBuilder<Database> {
  return new Proxy(builder, {
    get(target, prop) {
      if (prop === "execute")
        return <T>(fn: Parameters<typeof target.execute<T>>[0]) =>
          target.execute(async (trx) => {
            if (dialect === "postgres" && o.idleLimitMs)
              await sql`select set_config('idle_in_transaction_session_timeout', ${String(Math.ceil(o.idleLimitMs))}, true)`.execute(
                trx,
              );
            if (!(await leaseIsLive(trx, dialect, lease))) throw new LeaseLostError(lease);
            return fn(trx);
          });
      if (prop === "setIsolationLevel" || prop === "setAccessMode")
        return (...args: unknown[]) =>
          fencedTransaction(
            (bound(target, prop) as (...a: unknown[]) => TransactionBuilder<Database>)(...args),
            dialect,
            lease,
            o,
          );
      return bound(target, prop);
    },
  });
}

/**
 * The database as a leased job sees it. `transaction().execute(fn)` first checks, inside the
 * transaction, that `lease` is live and still this holder's with this token (on PostgreSQL
 * holding the row `for share` until commit, so a takeover waits for the write and every later
 * write sees the new token); a failed check throws LeaseLostError and nothing is written. Writes
 * outside a transaction throw UnfencedWriteError, so none slips past the check. Reads pass through.
 * On SQLite one writer at a time serialises the check and the takeover the same way (a file
 * shared by processes in WAL mode refuses a write from a transaction whose snapshot is stale).
 */
export function fenceDb(db: Kysely<Database>, dialect: DialectName, lease: Lease, o: FenceOptions = {}): Kysely<Database> {
  return new Proxy(db, {
    get(target, prop) {
      if (WRITE_BUILDERS.has(prop))
        return () => {
          throw new UnfencedWriteError(String(prop));
        };
      if (REFUSED.has(prop)) throw new UnfencedWriteError(String(prop));
      if (prop === "transaction") return () => fencedTransaction(target.transaction(), dialect, lease, o);
      if (prop === "getExecutor") return () => guardExecutor(target.getExecutor());
      if (prop === "executeQuery")
        return (query: CompiledQuery | { compile(): CompiledQuery }) => {
          const compiled = "compile" in query ? query.compile() : query;
          assertRead(compiled);
          return target.executeQuery(compiled);
        };
      if (DERIVED_DBS.has(prop))
        return (...args: unknown[]) =>
          fenceDb((bound(target, prop) as (...a: unknown[]) => Kysely<Database>)(...args), dialect, lease);
      if (DERIVED_CREATORS.has(prop))
        return (...args: unknown[]) => readOnlyCreator((bound(target, prop) as (...a: unknown[]) => object)(...args));
      return bound(target, prop);
    },
  });
}
