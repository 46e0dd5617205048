import type { Kysely } from "kysely";
import type { Database, UserRow } from "../../db/schema";
import { AppError, badRequest, forbidden } from "../../lib/errors";
import { verifyFundPassword } from "../register/fund-password";
import { clearFailures, recentFailures, recordFailure } from "./fund-password-attempts.repository";

const WINDOW_MS = 15 * 60_000;

/**
 * Limits wrong fund passwords per user to `max` in a sliding 15-minute window; past that the
 * password is not even checked until the window passes, so guessing costs 15 minutes per `max`
 * tries. The failures are rows in the database, so the limit holds across restarts and server
 * processes. Guesses already in flight when the limit is reached still get their answer: at
 * most a handful more, each costing a scrypt check, behind the per-route rate limit. Counting
 * checks in flight instead would also turn away the owner's own concurrent requests.
 */
export class FundPasswordGuard {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly max: number,
  ) {}

  /** Throws unless `password` is the user's fund password. */
  async check(user: UserRow, password: string, now = Date.now()): Promise<void> {
    if (!user.fund_password_hash) throw forbidden("Set a fund password first");
    const userId = BigInt(user.id);
    const since = now - WINDOW_MS;
    const failures = await recentFailures(this.db, userId, since);
    if (failures.length >= this.max) {
      const waitMin = Math.ceil((failures[0]! + WINDOW_MS - now) / 60_000);
      throw new AppError(429, `Too many wrong fund passwords: try again in ${waitMin} minute${waitMin === 1 ? "" : "s"}`);
    }
    if (await verifyFundPassword(password, user.fund_password_hash)) {
      if (failures.length > 0) await clearFailures(this.db, userId);
      return;
    }
    await recordFailure(this.db, userId, now, since);
    throw badRequest("Wrong fund password");
  }
}
