import { creditInLedger } from "../../e2e/support/shop-fixtures";
import type { JourneyContext } from "../journey";

/**
 * The journey's `creditWithdrawable` on the API's own database (PostgreSQL with `databaseUrl`,
 * else the SQLite file): the server's ledger function credits withdrawable USDT as a
 * `demo_grant`, as the shop's browser tests start funded. It stands in for a day of income,
 * which a new account cannot have earned within the journey (domain/settlement-day.ts).
 */
export function withdrawableFromLedger(where: {
  databaseUrl?: string;
  sqliteFile: string;
}): NonNullable<JourneyContext["creditWithdrawable"]> {
  return (address, microUsdt) => creditInLedger(where, address, { WUSDT: microUsdt }, "rehearsal-journey");
}
