/* The job_leases table (migration 0008): take, renew, give back and check a job's lease. */
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { DialectName } from "../../db/database";
import type { Database } from "../../db/schema";

/** A lease as its holder knows it: the job, the process and the fencing token it was given. */
export interface Lease {
  name: string;
  holder: string;
  token: bigint;
}

/**
 * Now in epoch milliseconds by the database's clock, never the caller's: processes on machines
 * whose clocks disagree still agree on when a lease ends. clock_timestamp() (not now(), which is
 * frozen at the start of a transaction) and SQLite's unixepoch('subsec') (SQLite 3.42+, bundled).
 */
export function dbNowMs(dialect: DialectName): RawBuilder<bigint> {
  return dialect === "postgres"
    ? sql<bigint>`(extract(epoch from clock_timestamp()) * 1000)::bigint`
    : sql<bigint>`cast(unixepoch('subsec') * 1000 as integer)`;
}

/**
 * Takes or renews `name` for `holder` for `ttlMs`, in one statement: the row is inserted, or
 * updated when it has expired or `holder` already holds it. The token grows by one when the
 * holder changes, never on a renewal. Answers the token, or null while another holder's lease
 * is live. On PostgreSQL the update waits for fenced transactions holding the row `for share`,
 * so a takeover is ordered after every write the previous holder has in flight.
 */
export async function acquireLease(
  db: Kysely<Database>,
  dialect: DialectName,
  name: string,
  holder: string,
  ttlMs: number,
): Promise<bigint | null> {
  const now = dbNowMs(dialect);
  const { rows } = await sql<{ token: bigint | number | string }>`
    insert into job_leases (name, holder, token, expires_at)
    values (${name}, ${holder}, 1, ${now} + ${ttlMs})
    on conflict (name) do update set
      token = case when job_leases.holder = excluded.holder then job_leases.token else job_leases.token + 1 end,
      holder = excluded.holder,
      expires_at = excluded.expires_at
    where job_leases.holder = excluded.holder or job_leases.expires_at <= ${now}
    returning token`.execute(db);
  return rows[0] ? BigInt(rows[0].token) : null;
}

/** Gives the lease back at once (graceful shutdown), only if it is still this holder's with this token. */
export async function releaseLease(db: Kysely<Database>, dialect: DialectName, lease: Lease): Promise<void> {
  await db
    .updateTable("job_leases")
    .set({ expires_at: sql<bigint>`${dbNowMs(dialect)} - 1` })
    .where("name", "=", lease.name)
    .where("holder", "=", lease.holder)
    .where("token", "=", lease.token)
    .execute();
}

/**
 * True while `lease` is live and still its holder's with its token. Inside a transaction on
 * PostgreSQL the row is held `for share` until commit, so no takeover can land in between.
 */
export async function leaseIsLive(db: Kysely<Database>, dialect: DialectName, lease: Lease): Promise<boolean> {
  const query = db
    .selectFrom("job_leases")
    .select("token")
    .where("name", "=", lease.name)
    .where("holder", "=", lease.holder)
    .where("token", "=", lease.token)
    .where("expires_at", ">", dbNowMs(dialect));
  const row = await (dialect === "postgres" ? query.forShare() : query).executeTakeFirst();
  return row !== undefined;
}
