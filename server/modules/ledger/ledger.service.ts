import { sql, type Kysely } from "kysely";
import { DEBT_REFUSAL, debtRepayment } from "../../../domain/debt";
import type { Currency, Database } from "../../db/schema";
import { type AppError, conflict, internalError } from "../../lib/errors";
import { appendEventInTrx } from "../events/append-event";

const balanceColumn = { CNY: "amount_cny", USDT: "amount_usdt", WUSDT: "withdraw_usdt", DEBT: "debt_usdt" } as const;

export interface BalanceChange {
  userId: bigint;
  currency: Currency;
  /** Signed minor units; a debit is negative. */
  delta: bigint;
  kind: string;
  ref?: string | null;
  now: number;
  /**
   * A debit of a user with debt is refused (the debt rule, domain/debt.ts) unless it is part of
   * settling that debt: the reversal itself and nothing else.
   */
  allowWhileInDebt?: boolean;
}

// Built once: an Error captures a stack when constructed.
const debtRefusal = conflict(DEBT_REFUSAL);

async function insertLedgerRow(trx: Kysely<Database>, change: BalanceChange, balance: bigint): Promise<void> {
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
}

/**
 * The only way a balance changes. One conditional UPDATE moves the balance and refuses to go
 * below zero (so concurrent debits cannot overdraw: the database serialises the row), and the
 * ledger row is written in the same transaction. Callers pass the transaction `trx`.
 * Throws `insufficient` (an AppError the caller chose) when the balance would go negative.
 *
 * The debt rule lives here too, so no spending path can miss it: a debit of a user with debt is
 * refused with the debt message (the same conditional UPDATE, so a reversal that commits first
 * stops every debit queued behind it), and a USDT credit to a user with debt pays the debt first
 * (two more ledger rows, `debt_repayment`, one for each balance). Answers the balance after, and
 * writes it as a `balance` event for the user's live-update stream (server/modules/events), and
 * the debt's too when the credit paid some of it.
 */
export async function changeBalance(trx: Kysely<Database>, change: BalanceChange, insufficient: AppError): Promise<bigint> {
  if (change.delta === 0n) throw new Error("a balance change of zero is not a change");
  const column = balanceColumn[change.currency];
  const debit = change.delta < 0n;
  const guardDebt = debit && change.currency !== "DEBT" && !change.allowWhileInDebt;
  let update = trx
    .updateTable("users")
    .set({ [column]: sql`${sql.ref(column)} + ${change.delta}` })
    .where("id", "=", change.userId)
    .where(sql<boolean>`${sql.ref(column)} + ${change.delta} >= 0`);
  if (guardDebt) update = update.where("debt_usdt", "=", 0n);
  const updated = await update.returning([sql<bigint>`${sql.ref(column)}`.as("balance"), "debt_usdt"]).executeTakeFirst();
  if (!updated) {
    if (guardDebt && (await debtOf(trx, change.userId)) > 0n) throw debtRefusal;
    throw insufficient;
  }
  let balance = BigInt(updated.balance);
  await insertLedgerRow(trx, change, balance);
  let debt: bigint | null = null;
  if (change.currency === "USDT" || change.currency === "WUSDT") {
    const repay = debtRepayment(BigInt(updated.debt_usdt), change.delta);
    if (repay > 0n) ({ balance, debt } = await repayDebt(trx, change, balanceColumn[change.currency], repay));
  }
  // The user's open pages learn of every balance that moved from their stream: the events
  // commit with the change (the users row is locked first, then the event counter).
  await balanceEvent(trx, change, change.currency, balance);
  if (debt !== null) await balanceEvent(trx, change, "DEBT", debt);
  return balance;
}

function balanceEvent(trx: Kysely<Database>, change: BalanceChange, currency: Currency, balance: bigint) {
  return appendEventInTrx(trx, change.userId, "balance", { currency, balance: balance.toString() }, { now: change.now });
}

/**
 * Moves `amount` of a credit just made (the row is locked by that UPDATE) to the debt. Both
 * balances change in one UPDATE; each gets its own ledger row, so both still sum to the balance.
 */
async function repayDebt(
  trx: Kysely<Database>,
  credit: BalanceChange,
  column: "amount_usdt" | "withdraw_usdt",
  amount: bigint,
): Promise<{ balance: bigint; debt: bigint }> {
  const updated = await trx
    .updateTable("users")
    .set({ [column]: sql`${sql.ref(column)} - ${amount}`, debt_usdt: sql`debt_usdt - ${amount}` })
    .where("id", "=", credit.userId)
    .where(sql.ref(column), ">=", amount)
    .where("debt_usdt", ">=", amount)
    .returning([sql<bigint>`${sql.ref(column)}`.as("balance"), "debt_usdt"])
    .executeTakeFirst();
  if (!updated) throw new Error(`debt repayment of user ${credit.userId} found the row changed under its lock`);
  const repayment = { ...credit, delta: -amount, kind: "debt_repayment" };
  const balance = BigInt(updated.balance);
  const debt = BigInt(updated.debt_usdt);
  await insertLedgerRow(trx, repayment, balance);
  await insertLedgerRow(trx, { ...repayment, currency: "DEBT" }, debt);
  return { balance, debt };
}

async function debtOf(trx: Kysely<Database>, userId: bigint): Promise<bigint> {
  const row = await trx.selectFrom("users").select("debt_usdt").where("id", "=", userId).executeTakeFirst();
  return row ? BigInt(row.debt_usdt) : 0n;
}

/**
 * Takes back `amount` micro-USDT (a reversed credit): from the spendable USDT first, then from
 * the withdrawable USDT, and what neither covers becomes debt, so no balance goes below zero.
 * Locks the user's row first, so the amounts read are the ones changed. Answers the split.
 */
export async function takeBackInTrx(
  trx: Kysely<Database>,
  t: { userId: bigint; amount: bigint; kind: string; ref: string; now: number },
): Promise<{ fromUsdt: bigint; fromWithdrawUsdt: bigint; debt: bigint }> {
  // A no-op UPDATE takes the row lock on PostgreSQL (SQLite has one writer at a time anyway).
  const row = await trx
    .updateTable("users")
    .set((eb) => ({ amount_usdt: eb.ref("amount_usdt") }))
    .where("id", "=", t.userId)
    .returning(["amount_usdt", "withdraw_usdt"])
    .executeTakeFirstOrThrow();
  const usdt = BigInt(row.amount_usdt);
  const withdrawUsdt = BigInt(row.withdraw_usdt);
  const fromUsdt = t.amount < usdt ? t.amount : usdt;
  const rest = t.amount - fromUsdt;
  const fromWithdrawUsdt = rest < withdrawUsdt ? rest : withdrawUsdt;
  const debt = rest - fromWithdrawUsdt;
  const cannot = internalError("a reversal takes only what the locked row holds");
  const base = { userId: t.userId, kind: t.kind, ref: t.ref, now: t.now, allowWhileInDebt: true };
  if (fromUsdt > 0n) await changeBalance(trx, { ...base, currency: "USDT", delta: -fromUsdt }, cannot);
  if (fromWithdrawUsdt > 0n) await changeBalance(trx, { ...base, currency: "WUSDT", delta: -fromWithdrawUsdt }, cannot);
  if (debt > 0n) await changeBalance(trx, { ...base, currency: "DEBT", delta: debt }, cannot);
  return { fromUsdt, fromWithdrawUsdt, debt };
}
