import type { Kysely } from "kysely";
import { CODE_MAX_ATTEMPTS, CODE_RESEND_MS, CODE_TTL_MS } from "../../../domain/verification-code";
import type { Db } from "../../db/database";
import type { Database, VerificationCodesTable } from "../../db/schema";
import { badRequest, tooManyRequests } from "../../lib/errors";
import { codeMatches, hashCode, newCode } from "./code-hash";
import {
  countAttempt,
  countSentFromIpSince,
  countSentToTargetSince,
  deleteCodesBefore,
  insertCode,
  lastSentAt,
  latestCode,
  lockTarget,
  markUsed,
} from "./code.repository";

export interface CodeTarget {
  channel: VerificationCodesTable["channel"];
  /** Normalised email address or phone number. */
  target: string;
  purpose: string;
}

export interface CodeLimits {
  dailyCapPerTarget: number;
  dailyCapPerIp: number;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * Creates a code for `t` if the send limits allow: one per minute per target, a rolling 24-hour
 * cap per target and per client IP. Answers the plain code for delivery; only its hash is kept.
 */
export async function issueCode(
  db: Db,
  limits: CodeLimits,
  t: CodeTarget,
  ip: string,
  now = Date.now(),
): Promise<{ id: bigint; code: string }> {
  const issued = await db.kysely.transaction().execute(async (trx) => {
    await lockTarget(trx, db.dialect, t.channel, t.target);
    const last = await lastSentAt(trx, t.channel, t.target);
    if (last !== null && now - Number(last) < CODE_RESEND_MS) {
      const wait = Math.ceil((CODE_RESEND_MS - (now - Number(last))) / 1000);
      throw tooManyRequests("code.wait", { seconds: wait });
    }
    if ((await countSentToTargetSince(trx, t.channel, t.target, now - DAY_MS)) >= limits.dailyCapPerTarget) {
      throw tooManyRequests(t.channel === "email" ? "code.dailyCapEmail" : "code.dailyCapPhone", {
        max: limits.dailyCapPerTarget,
      });
    }
    if ((await countSentFromIpSince(trx, ip, now - DAY_MS)) >= limits.dailyCapPerIp) {
      throw tooManyRequests("code.dailyCapNetwork");
    }
    const code = newCode();
    const id = await insertCode(trx, { ...t, codeHash: hashCode(code), ip, now, expiresAt: now + CODE_TTL_MS });
    return { id, code };
  });
  // Housekeeping on the side, as for sign-in nonces.
  if (Math.random() < 0.02) await deleteCodesBefore(db.kysely, now - 2 * DAY_MS);
  return issued;
}

/**
 * Checks `code` against the latest code sent to `t`, counting the attempt whatever the outcome
 * (so it must run outside the caller's transaction: a rollback must not undo the count).
 * Answers the code's id for `consumeCode` inside the caller's unit of work.
 */
export async function checkCode(db: Kysely<Database>, t: CodeTarget, code: string, now = Date.now()): Promise<bigint> {
  const row = await latestCode(db, t.channel, t.target, t.purpose);
  if (!row) throw badRequest("code.notSent");
  const id = BigInt(row.id);
  if (row.used_at !== null) throw badRequest("code.used");
  if (BigInt(row.expires_at) <= BigInt(now)) throw badRequest("code.expired");
  const attempts = await countAttempt(db, id, CODE_MAX_ATTEMPTS, now);
  if (attempts === null) throw badRequest("code.tooManyAttempts");
  if (!codeMatches(code, row.code_hash)) {
    const left = CODE_MAX_ATTEMPTS - attempts;
    throw left > 0 ? badRequest("code.wrong", { left }) : badRequest("code.wrongNoneLeft");
  }
  return id;
}

/** Uses the checked code in the caller's transaction: single use even under concurrency. */
export async function consumeCode(trx: Kysely<Database>, id: bigint, now = Date.now()): Promise<void> {
  if (!(await markUsed(trx, id, now))) throw badRequest("code.noLongerValid");
}
