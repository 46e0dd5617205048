import { sql, type Kysely } from "kysely";
import type { Currency, Database } from "../../db/schema";
import type { AppError } from "../../lib/errors";

const balanceColumn = { CNY: "amount_cny", USDT: "amount_usdt", WUSDT: "withdraw_usdt" } as const;

export interface BalanceChange {
  userId: bigint;
  currency: Currency;
  /** Signed minor units; a debit is negative. */
  delta: bigint;
  kind: string;
  ref?: string | null;
  now: number;
}

/**
 * The only way a balance changes. One conditional UPDATE moves the balance and refuses to go
 * below zero (so concurrent debits cannot overdraw: the database serialises the row), and the
 * ledger row is written in the same transaction. Callers pass the transaction `trx`.
 * Throws `insufficient` (an AppError the caller chose) when the balance would go negative.
 */
export async function changeBalance(trx: Kysely<Database>, change: BalanceChange, insufficient: AppError): Promise<bigint> {
  if (change.delta === 0n) throw new Error("a balance change of zero is not a change");
  const column = balanceColumn[change.currency];
  const updated = await trx
    .updateTable("users")
    .set({ [column]: sql`${sql.ref(column)} + ${change.delta}` })
    .where("id", "=", change.userId)
    .where(sql<boolean>`${sql.ref(column)} + ${change.delta} >= 0`)
    .returning(sql<bigint>`${sql.ref(column)}`.as("balance"))
    .executeTakeFirst();
  if (!updated) throw insufficient;
  const balance = BigInt(updated.balance);
  await trx
    .insertInto("ledger")
    .values({
      user_id: change.userId,
      currency: change.currency,
      delta: change.delta,
      balance_after: balance,
      kind: change.kind,
      ref: change.ref ?? null,
      created_at: change.now,
    })
    .execute();
  return balance;
}
