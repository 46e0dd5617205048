import { sql, type Kysely } from "kysely";
import type { DialectName } from "../../db/database";
import type { Database, VerificationCodesTable } from "../../db/schema";

type Q = Kysely<Database>;
type Channel = VerificationCodesTable["channel"];

/**
 * Two concurrent sends to one target must not both pass the once-a-minute check. PostgreSQL:
 * a transaction-scoped advisory lock on the target; SQLite runs one write transaction at a time.
 */
export async function lockTarget(trx: Q, dialect: DialectName, channel: Channel, target: string): Promise<void> {
  if (dialect === "postgres")
    await sql`select pg_advisory_xact_lock(hashtextextended(${`code:${channel}:${target}`}, 0))`.execute(trx);
}

export async function lastSentAt(db: Q, channel: Channel, target: string): Promise<bigint | null> {
  const row = await db
    .selectFrom("verification_codes")
    .select("created_at")
    .where("channel", "=", channel)
    .where("target", "=", target)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? BigInt(row.created_at) : null;
}

export async function countSentToTargetSince(db: Q, channel: Channel, target: string, since: number): Promise<number> {
  const row = await db
    .selectFrom("verification_codes")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("channel", "=", channel)
    .where("target", "=", target)
    .where("created_at", ">=", BigInt(since))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function countSentFromIpSince(db: Q, ip: string, since: number): Promise<number> {
  const row = await db
    .selectFrom("verification_codes")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("ip", "=", ip)
    .where("created_at", ">=", BigInt(since))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertCode(
  db: Q,
  c: { channel: Channel; target: string; purpose: string; codeHash: string; ip: string; now: number; expiresAt: number },
): Promise<bigint> {
  const row = await db
    .insertInto("verification_codes")
    .values({
      channel: c.channel,
      target: c.target,
      purpose: c.purpose,
      code_hash: c.codeHash,
      attempts: 0,
      ip: c.ip,
      expires_at: c.expiresAt,
      created_at: c.now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return BigInt(row.id);
}

export async function deleteCode(db: Q, id: bigint): Promise<void> {
  await db.deleteFrom("verification_codes").where("id", "=", id).execute();
}

/** The latest code sent to the target for the purpose: only the newest one counts. */
export function latestCode(db: Q, channel: Channel, target: string, purpose: string) {
  return db
    .selectFrom("verification_codes")
    .select(["id", "code_hash", "attempts", "used_at", "expires_at"])
    .where("channel", "=", channel)
    .where("target", "=", target)
    .where("purpose", "=", purpose)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/**
 * Counts one attempt before the code is compared, in one conditional UPDATE, so concurrent
 * guesses cannot get more than `maxAttempts` comparisons between them. Answers the attempts
 * made so far, or null when the code is used, expired or out of attempts.
 */
export async function countAttempt(db: Q, id: bigint, maxAttempts: number, now: number): Promise<number | null> {
  const row = await db
    .updateTable("verification_codes")
    .set({ attempts: sql<number>`attempts + 1` })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .where("attempts", "<", maxAttempts)
    .where("expires_at", ">", BigInt(now))
    .returning("attempts")
    .executeTakeFirst();
  return row ? Number(row.attempts) : null;
}

/** Marks a matched code used, only if nobody used it first: of two concurrent uses exactly one wins. */
export async function markUsed(db: Q, id: bigint, now: number): Promise<boolean> {
  const res = await db
    .updateTable("verification_codes")
    .set({ used_at: now })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .where("expires_at", ">", BigInt(now))
    .executeTakeFirst();
  return res.numUpdatedRows > 0n;
}

/** Codes older than two days count towards no limit any more. */
export async function deleteCodesBefore(db: Q, before: number): Promise<void> {
  await db.deleteFrom("verification_codes").where("created_at", "<", BigInt(before)).execute();
}
