import type BetterSqlite3 from "better-sqlite3";
import { CompiledQuery, type Kysely } from "kysely";
import type { Db } from "../../db/database";
import type { Database } from "../../db/schema";
import { namedQuery } from "../../lib/named-query";
import { sqliteRowReader } from "../../lib/sqlite-read";
import { infoExtras, type SessionUser } from "../user/user-info.repository";

/** A session's user as the lookup reads it: with the session's expiry. */
export type SessionUserRow = SessionUser & { session_expires_at: bigint };

export async function insertSession(
  db: Kysely<Database>,
  s: { tokenHash: string; userId: bigint; deviceId: string; now: number; expiresAt: number },
): Promise<void> {
  await db
    .insertInto("sessions")
    .values({ token_hash: s.tokenHash, user_id: s.userId, device_id: s.deviceId, created_at: s.now, expires_at: s.expiresAt })
    .execute();
}

const sessionUserQuery = (db: Kysely<Database>, tokenHash: string, now: bigint) =>
  db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .selectAll("users")
    .select(infoExtras)
    // For SQLite's session store, which must stop answering a kept session when it expires.
    .select("sessions.expires_at as session_expires_at")
    .where("sessions.token_hash", "=", tokenHash)
    .where("sessions.expires_at", ">", now);

/** The query's SQL per database: building it with Kysely costs several times running it. */
const sessionUserSql = new WeakMap<Kysely<Database>, string>();

function sessionUserText(db: Kysely<Database>, tokenHash: string, now: number): string {
  let text = sessionUserSql.get(db);
  if (text === undefined) {
    const compiled = sessionUserQuery(db, tokenHash, BigInt(now)).compile();
    // The reuse below relies on the parameters being exactly these two, in this order.
    if (compiled.parameters.length !== 2 || compiled.parameters[0] !== tokenHash)
      throw new Error("session query parameters changed");
    text = compiled.sql;
    sessionUserSql.set(db, text);
  }
  return text;
}

let sessionUserPg: ReturnType<typeof namedQuery> | undefined;
let sessionUserSqlite: ReturnType<typeof sqliteRowReader<SessionUserRow>> | undefined;

/**
 * The user of an unexpired session, in one query (this runs on every authenticated call that the
 * session store does not answer from memory), with what user/info adds to the row, so that call
 * needs no second query. The SQL text is built once per database and then only run with this
 * call's two parameters; on PostgreSQL as a named statement, planned once per connection; on
 * SQLite through Kysely, which waits for a transaction holding the connection to end.
 */
export async function readSessionUser(db: Db, tokenHash: string, now: number): Promise<SessionUserRow | undefined> {
  const text = sessionUserText(db.kysely, tokenHash, now);
  const values = [tokenHash, BigInt(now)];
  if (db.driver.dialect === "postgres") {
    sessionUserPg ??= namedQuery("session_user", text);
    return (await sessionUserPg<SessionUserRow>(db.driver.pool, values)).rows[0];
  }
  return (await db.kysely.executeQuery<SessionUserRow>(CompiledQuery.raw(text, values))).rows[0];
}

/**
 * The same lookup straight through better-sqlite3, without a promise: only outside a
 * transaction (server/lib/sqlite-read.ts; the reader refuses otherwise).
 */
export function readSessionUserNow(
  kysely: Kysely<Database>,
  sqlite: BetterSqlite3.Database,
  tokenHash: string,
  now: number,
): SessionUserRow | undefined {
  sessionUserSqlite ??= sqliteRowReader<SessionUserRow>(sessionUserText(kysely, tokenHash, now));
  return sessionUserSqlite(sqlite, [tokenHash, BigInt(now)]);
}

export async function deleteSession(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom("sessions").where("token_hash", "=", tokenHash).execute();
}

/** Sessions past their expiry (never accepted again: the session lookup checks expires_at). */
export async function deleteExpiredSessions(db: Kysely<Database>, now: number): Promise<bigint> {
  const res = await db.deleteFrom("sessions").where("expires_at", "<=", BigInt(now)).executeTakeFirst();
  return res.numDeletedRows;
}
