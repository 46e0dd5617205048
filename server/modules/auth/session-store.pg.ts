import type { Db } from "../../db/database";
import type { SessionUser } from "../user/user-info.repository";
import { NOT_NOW, type SessionStore } from "./session-store";
import { readSessionUser } from "./session.repository";

/**
 * PostgreSQL's sessions: nothing is kept between calls. Replicas share the database and nothing
 * tells one replica of another's writes, so each lookup asks the database (one named statement,
 * planned once per pooled connection).
 */
export class PgSessionStore implements SessionStore {
  constructor(private readonly db: Db) {}

  findNow(): typeof NOT_NOW {
    return NOT_NOW;
  }

  find(tokenHash: string, now: number): Promise<SessionUser | undefined> {
    return readSessionUser(this.db, tokenHash, now);
  }
}
