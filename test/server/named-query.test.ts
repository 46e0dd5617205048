import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sql } from "kysely";
import type { Db } from "../../server/db/database";
import { readSessionUser } from "../../server/modules/auth/session.repository";
import { hashSessionToken } from "../../server/modules/auth/session-token";
import { createTestApp } from "./support/test-app";

/**
 * The session lookup runs as a prepared statement on PostgreSQL (server/lib/named-query.ts). A
 * migration that adds a column to `users` while replicas run changes the statement's result
 * type; the lookup must go on answering (prepared again), not fail on every pooled connection.
 */
let db: Db;
let close: () => Promise<void>;
beforeEach(async () => {
  ({ db, close } = await createTestApp());
});
afterEach(async () => close());

describe.skipIf(!process.env.TEST_DATABASE_URL)("named statements on PostgreSQL", () => {
  it("keep answering after a migration changes the result's columns", async () => {
    const now = Date.now();
    const user = await db.kysely
      .insertInto("users")
      .values({
        address: "0x" + "ab".repeat(20),
        invitation_code: "NAMEDQ23",
        type: 1,
        amount_cny: 0n,
        amount_usdt: 0n,
        withdraw_usdt: 0n,
        created_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const tokenHash = hashSessionToken("named-query-token");
    await db.kysely
      .insertInto("sessions")
      .values({ token_hash: tokenHash, user_id: user.id, device_id: "d", created_at: now, expires_at: now + 60_000 })
      .execute();
    // Prepare it on every pooled connection that answers.
    await Promise.all(Array.from({ length: 10 }, () => readSessionUser(db, tokenHash, now)));
    await sql`alter table users add column added_later integer`.execute(db.kysely);
    const found = await Promise.all(Array.from({ length: 10 }, () => readSessionUser(db, tokenHash, now)));
    expect(found.every((u) => u !== undefined && BigInt(u.id) === BigInt(user.id))).toBe(true);
  });
});
