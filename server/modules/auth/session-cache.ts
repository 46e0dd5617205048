import type BetterSqlite3 from "better-sqlite3";
import { SqliteCommitStamp } from "../../lib/sqlite-commit-stamp";
import type { SessionUser } from "../user/user-info.repository";

/** An answer is kept at most this long even with no commit seen (ADR-0189, "Session lookups between two commits"). */
export const SESSION_CACHE_MAX_AGE_MS = 1000;
/** Sessions kept at once; past it the cache starts over rather than grow. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

/** A session's user as the lookup reads it: with the session's expiry. */
export type SessionUserRow = SessionUser & { session_expires_at: bigint };

interface Entry {
  user: SessionUser;
  expiresAt: number;
  readAt: number;
}

/**
 * The session lookups of one SQLite connection since the database's last commit. Every
 * authenticated call reads its session's user; on SQLite that read's locks cost more than the
 * rest of a call like user/info. Any commit by any connection (a payment, a logout, an operator's
 * review, another process such as the migrate command) changes the WAL-index header, and the next
 * look then drops every answer (server/lib/sqlite-commit-stamp.ts): an answer never outlives the
 * state it was read from. A session also stops being answered when it expires, and an answer
 * is at most SESSION_CACHE_MAX_AGE_MS old whatever happens. Where the stamp cannot be read (an
 * in-memory database), nothing is kept. Unknown tokens are never kept: a guess costs a read, as
 * before. The users are frozen: one answer is shared by the calls that get it.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private generation: number | null = null;

  constructor(private readonly stamp: SqliteCommitStamp) {}

  /** The kept user of this session, if any; first drops every answer if a commit came since the last look. */
  look(tokenHash: string, now: number): SessionUser | undefined {
    const generation = this.stamp.current();
    if (generation !== this.generation) {
      this.entries.clear();
      this.generation = generation;
    }
    const entry = this.entries.get(tokenHash);
    if (entry === undefined) return undefined;
    if (now >= entry.expiresAt || now - entry.readAt >= SESSION_CACHE_MAX_AGE_MS || now < entry.readAt) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return entry.user;
  }

  /**
   * Keeps a user read right after `look`, with nothing awaited between: the entry carries the
   * generation that look saw before the read, so a commit between the two drops it at the next look.
   */
  keep(tokenHash: string, user: SessionUserRow, now: number): void {
    if (this.generation === null) return;
    if (this.entries.size >= SESSION_CACHE_MAX_ENTRIES) this.entries.clear();
    this.entries.set(tokenHash, { user: Object.freeze(user), expiresAt: Number(user.session_expires_at), readAt: now });
  }
}

const caches = new WeakMap<BetterSqlite3.Database, SessionCache>();

/** The session cache of this connection. */
export function sessionCacheOf(sqlite: BetterSqlite3.Database): SessionCache {
  let cache = caches.get(sqlite);
  if (!cache) caches.set(sqlite, (cache = new SessionCache(new SqliteCommitStamp(sqlite))));
  return cache;
}
