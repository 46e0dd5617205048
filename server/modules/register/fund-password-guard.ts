import type { Db } from "../../db/database";
import type { UserRow } from "../../db/schema";
import type { RefusalKey } from "../../../domain/refusals";
import { badRequest, forbidden, tooManyRequests } from "../../lib/errors";
import { DbRateLimiter } from "../../lib/db-rate-limiter";
import { verifyFundPassword } from "./fund-password";

/** The lockout window: at most FUND_PASSWORD_MAX_FAILURES wrong passwords are checked in it. */
export const FUND_PASSWORD_WINDOW_SECONDS = 15 * 60;

type WrongPasswordKey = Extract<RefusalKey, "fundPassword.wrong" | "fundPassword.wrongOld">;

/**
 * The one check of the fund password, for every call that takes it (withdraw, transfer, and
 * user/edit's old password), with one budget per user across all of them. A check first uses a
 * point of the user's window (one atomic database upsert) and only then runs scrypt; a right
 * password gives its point back. So however many guesses arrive at once, on however many
 * server processes, at most `maxFailures` wrong ones are ever evaluated per window, and while
 * the window is full even the right password is refused unchecked. The window opens with the
 * first point used and lasts FUND_PASSWORD_WINDOW_SECONDS; a right password does not forgive
 * the wrong ones before it (only a new fund password does: `forget`).
 */
export class FundPasswordGuard {
  constructor(private readonly attempts: DbRateLimiter) {}

  static create(db: Db, maxFailures: number): FundPasswordGuard {
    return new FundPasswordGuard(
      DbRateLimiter.create(db, { name: "fund-password", points: maxFailures, windowSeconds: FUND_PASSWORD_WINDOW_SECONDS }),
    );
  }

  /** Throws unless `password` is the user's fund password (`wrong`: the refusal when it is not). */
  async check(user: UserRow, password: string, wrong: WrongPasswordKey = "fundPassword.wrong"): Promise<void> {
    if (!user.fund_password_hash) throw forbidden("fundPassword.notSet");
    const key = String(user.id);
    const waitMs = await this.attempts.take(key);
    if (waitMs > 0) throw tooManyRequests("fundPassword.locked", { minutes: Math.ceil(waitMs / 60_000) });
    if (!(await verifyFundPassword(password, user.fund_password_hash))) throw badRequest(wrong);
    // Nothing left in the window (no failures in it): drop it, so the next failure opens a
    // full one rather than the rest of this one; below zero (the window ended meanwhile) too.
    if ((await this.attempts.giveBack(key)) <= 0) await this.attempts.forget(key);
  }

  /** A new fund password (changed or reset) starts with no failures. */
  async forget(userId: bigint | number): Promise<void> {
    await this.attempts.forget(String(userId));
  }
}
