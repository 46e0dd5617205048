import type { UserRow } from "../../db/schema";
import { AppError, badRequest, forbidden } from "../../lib/errors";
import { verifyFundPassword } from "../register/fund-password";

const WINDOW_MS = 15 * 60_000;

/**
 * Counts wrong fund passwords per user in a sliding 15-minute window. After `max` failures the
 * password is not even checked until the window passes, so guessing costs 15 minutes per
 * `max` tries. Kept in memory: a restart forgives, which is acceptable for a limit whose job is
 * to make online guessing slow (the scrypt hash already makes each try expensive).
 */
export class FundPasswordGuard {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly max: number) {}

  private recent(userId: string, now: number): number[] {
    if (this.failures.size > 10_000) {
      for (const [id, list] of this.failures) if (list.every((t) => now - t >= WINDOW_MS)) this.failures.delete(id);
    }
    const list = (this.failures.get(userId) ?? []).filter((t) => now - t < WINDOW_MS);
    if (list.length === 0) this.failures.delete(userId);
    else this.failures.set(userId, list);
    return list;
  }

  /** Throws unless `password` is the user's fund password. */
  async check(user: UserRow, password: string, now = Date.now()): Promise<void> {
    if (!user.fund_password_hash) throw forbidden("Set a fund password first");
    const id = String(user.id);
    const recent = this.recent(id, now);
    if (recent.length >= this.max) {
      const waitMin = Math.ceil((recent[0]! + WINDOW_MS - now) / 60_000);
      throw new AppError(429, `Too many wrong fund passwords: try again in ${waitMin} minute${waitMin === 1 ? "" : "s"}`);
    }
    if (await verifyFundPassword(password, user.fund_password_hash)) {
      this.failures.delete(id);
      return;
    }
    this.failures.set(id, [...recent, now]);
    throw badRequest("Wrong fund password");
  }
}
