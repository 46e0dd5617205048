import type { Kysely } from "kysely";
import type { Database } from "../../../server/db/schema";

const COLUMNS = { CNY: "amount_cny", USDT: "amount_usdt", WUSDT: "withdraw_usdt", DEBT: "debt_usdt" } as const;

/**
 * Every balance that ever moved has its live-update event, and the last one says what the users
 * row holds now (a balance change whose event is missing leaves an older balance last, or none).
 * Each user's events are in commit order (their seq), so "last" is the latest change. Answers the
 * balances whose last event disagrees, as `user:currency event≠balance`; empty when all agree.
 */
export async function balanceEventMismatches(db: Kysely<Database>): Promise<string[]> {
  const users = await db.selectFrom("users").select(["id", "amount_cny", "amount_usdt", "withdraw_usdt", "debt_usdt"]).execute();
  const moved = await db.selectFrom("ledger").select(["user_id", "currency"]).distinct().execute();
  const events = await db
    .selectFrom("user_events")
    .select(["user_id", "data"])
    .where("type", "=", "balance")
    .orderBy("user_id")
    .orderBy("seq")
    .execute();
  const last = new Map<string, string>();
  for (const e of events) {
    const { currency, balance } = JSON.parse(e.data) as { currency: string; balance: string };
    last.set(`${e.user_id}:${currency}`, balance);
  }
  const problems: string[] = [];
  for (const m of moved) {
    const user = users.find((u) => String(u.id) === String(m.user_id));
    if (!user) continue;
    const balance = String(user[COLUMNS[m.currency]]);
    const event = last.get(`${m.user_id}:${m.currency}`) ?? "none";
    if (event !== balance) problems.push(`${m.user_id}:${m.currency} ${event}≠${balance}`);
  }
  return problems;
}
