import { CompiledQuery, type Kysely } from "kysely";
import type { Db } from "../../db/database";
import type { Database } from "../../db/schema";
import { namedQuery } from "../../lib/named-query";
import { canReadDirectly, sqliteRowReader } from "../../lib/sqlite-read";
import { infoExtras, type SessionUser } from "../user/user-info.repository";
import { sessionCacheOf, type SessionUserRow } from "./session-cache";

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
    // For the SQLite session cache, which must stop answering when the session expires.
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
 * The user of an unexpired session, in one query (this runs on every authenticated call), with
 * what user/info adds to the row, so that call needs no second query. The SQL text is built once
 * per database and then only run with this call's two parameters; on PostgreSQL as a named
 * statement, planned once per connection; on SQLite straight through better-sqlite3 unless a
 * transaction holds the connection (server/lib/sqlite-read.ts). On PostgreSQL nothing is cached
 * between calls, so a logout or an expiry on any replica ends the session on every replica at
 * once; SQLite's one API process keeps answers only until the next commit (./session-cache.ts).
 */
export async function findUserBySessionHash(db: Db, tokenHash: string, now: number): Promise<SessionUser | undefined> {
  const found = findUserBySessionHashNow(db, tokenHash, now);
  if (found !== NOT_NOW) return found;
  const text = sessionUserText(db.kysely, tokenHash, now);
  const values = [tokenHash, BigInt(now)];
  if (db.driver.dialect === "postgres") {
    sessionUserPg ??= namedQuery("session_user", text);
    return (await sessionUserPg<SessionUserRow>(db.driver.pool, values)).rows[0];
  }
  return (await db.kysely.executeQuery<SessionUserRow>(CompiledQuery.raw(text, values))).rows[0];
}

/** findUserBySessionHashNow could not answer without waiting for the database. */
export const NOT_NOW: unique symbol = Symbol("not now");

/**
 * The same lookup without a promise where the database answers at once: SQLite outside a
 * transaction (server/lib/sqlite-read.ts). Every authenticated call starts with it, and a
 * promise and a turn of the microtask queue are a measurable part of a hot read (issue 17).
 * A session found since the database's last commit is answered from memory (./session-cache.ts).
 */
export function findUserBySessionHashNow(db: Db, tokenHash: string, now: number): SessionUser | undefined | typeof NOT_NOW {
  if (db.driver.dialect === "postgres" || !canReadDirectly(db.driver.sqlite)) return NOT_NOW;
  const cache = sessionCacheOf(db.driver.sqlite);
  // Before the read: a commit between this look and the read makes the entry stale at once.
  const kept = cache.look(tokenHash, now);
  if (kept) return kept;
  sessionUserSqlite ??= sqliteRowReader<SessionUserRow>(sessionUserText(db.kysely, tokenHash, now));
  const found = sessionUserSqlite(db.driver.sqlite, [tokenHash, BigInt(now)]);
  if (found) cache.keep(tokenHash, found, now);
  return found;
}

export async function deleteSession(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.deleteFrom("sessions").where("token_hash", "=", tokenHash).execute();
}

/** Sessions past their expiry (never accepted again: findUserBySessionHash checks expires_at). */
export async function deleteExpiredSessions(db: Kysely<Database>, now: number): Promise<bigint> {
  const res = await db.deleteFrom("sessions").where("expires_at", "<=", BigInt(now)).executeTakeFirst();
  return res.numDeletedRows;
}
