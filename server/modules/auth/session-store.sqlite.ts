import type BetterSqlite3 from "better-sqlite3";
import type { Db } from "../../db/database";
import { canReadDirectly } from "../../lib/sqlite-read";
import type { SessionUser } from "../user/user-info.repository";
import { NOT_NOW, type SessionStore } from "./session-store";
import { readSessionUser, readSessionUserNow, type SessionUserRow } from "./session.repository";

/** An answer is kept at most this long even with no write seen (ADR-0195). */
export const SESSION_CACHE_MAX_AGE_MS = 1000;
/** Sessions kept at once; past it the store starts over rather than grow. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

interface Entry {
  user: SessionUser;
  expiresAt: number;
  readAt: number;
}

/**
 * SQLite's sessions: the lookups of this app's connection, kept until a write could have changed
 * them (ADR-0195). Before each lookup the store reads two numbers
 * of the connection, and drops every kept answer when either moved since its last look:
 *
 * - `PRAGMA data_version` (https://sqlite.org/pragma.html#pragma_data_version) changes when any
 *   OTHER connection has committed: another process (the migrate command, an operator's sqlite3)
 *   or another connection of this one. It does not change on this connection's own commits.
 * - `total_changes()` (https://sqlite.org/lang_corefunc.html#total_changes) counts the rows every
 *   INSERT, UPDATE and DELETE of THIS connection has changed since it opened: whatever ran them
 *   (Kysely, a statement with RETURNING, which Kysely runs as a reader, better-sqlite3 called
 *   directly, a trigger or a foreign key's cascade), committed or rolled back. A statement that
 *   changes no row leaves it alone, and so do the kept answers.
 *
 * Both are read once per lookup, before the lookup they tag, and nothing is awaited between: a
 * write between the look and the read leaves the entry stale for the next look, which drops it.
 * An answer also stops at the session's expiry, and is at most SESSION_CACHE_MAX_AGE_MS old
 * whatever happens (a backstop for what neither number counts: a schema change, say). Unknown
 * tokens are never kept: a guess costs a read, as before. Kept users are frozen: the calls that
 * get one share it. Entries are keyed by the token's hash, never the token.
 */
export class SqliteSessionStore implements SessionStore {
  private readonly entries = new Map<string, Entry>();
  private readonly dataVersion: BetterSqlite3.Statement<[], number>;
  private readonly totalChanges: BetterSqlite3.Statement<[], number>;
  private seenVersion = -1;
  private seenChanges = -1;

  constructor(
    private readonly db: Db,
    private readonly sqlite: BetterSqlite3.Database,
  ) {
    // Plain numbers, one value each: the cheapest answer better-sqlite3 gives (~2 µs for the
    // pragma, which takes the read lock; ~0.3 µs for the count, which reads the connection).
    this.dataVersion = sqlite.prepare<[], number>("pragma data_version").pluck().safeIntegers(false);
    this.totalChanges = sqlite.prepare<[], number>("select total_changes()").pluck().safeIntegers(false);
  }

  findNow(tokenHash: string, now: number): SessionUser | undefined | typeof NOT_NOW {
    // Inside a transaction a read straight on the connection would see its uncommitted writes.
    if (!canReadDirectly(this.sqlite)) return NOT_NOW;
    this.dropIfWritten();
    const entry = this.entries.get(tokenHash);
    if (entry !== undefined) {
      if (now < entry.expiresAt && now >= entry.readAt && now - entry.readAt < SESSION_CACHE_MAX_AGE_MS) return entry.user;
      this.entries.delete(tokenHash);
    }
    const found = readSessionUserNow(this.db.kysely, this.sqlite, tokenHash, now);
    if (found) this.keep(tokenHash, found, now);
    return found;
  }

  async find(tokenHash: string, now: number): Promise<SessionUser | undefined> {
    const found = this.findNow(tokenHash, now);
    // Through Kysely, after the transaction that holds the connection; not kept.
    return found === NOT_NOW ? readSessionUser(this.db, tokenHash, now) : found;
  }

  /** Drops every kept answer if a write, by this connection or another, came since the last look. */
  private dropIfWritten(): void {
    const version = this.dataVersion.get()!;
    const changes = this.totalChanges.get()!;
    if (version === this.seenVersion && changes === this.seenChanges) return;
    this.entries.clear();
    this.seenVersion = version;
    this.seenChanges = changes;
  }

  private keep(tokenHash: string, user: SessionUserRow, now: number): void {
    if (this.entries.size >= SESSION_CACHE_MAX_ENTRIES) this.entries.clear();
    this.entries.set(tokenHash, { user: Object.freeze(user), expiresAt: Number(user.session_expires_at), readAt: now });
  }
}
