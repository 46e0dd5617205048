import type { Kysely } from "kysely";
import { teamRewards } from "../../../domain/order-income";
import { dayNumber, dayToIsoDate, dueDays } from "../../../domain/settlement-day";
import type { Database } from "../../db/schema";
import type { Transactor } from "../../db/transactor";
import { internalError } from "../../lib/errors";
import { changeBalance } from "../ledger/ledger.service";
import { insertShopRecord } from "../orders/shop-record.repository";
import { withTransientRetry } from "./retry-transaction";
import {
  claimRunningOrder,
  insertSettlement,
  insertTeamReward,
  inviterChain,
  listDueOrderIds,
  productTitle,
  setDaysSettled,
} from "./settlement.repository";

export interface SettlementRules {
  /** Team reward rates in ppm of each income credit, level 1 first. */
  rewardRatesPpm: readonly number[];
}

export interface SettlementTotals {
  orders: number;
  days: number;
  income: bigint;
  rewards: bigint;
  completed: number;
}

const emptyTotals = (): SettlementTotals => ({ orders: 0, days: 0, income: 0n, rewards: 0n, completed: 0 });

// A credit cannot fail for lack of balance; if it ever does, the transaction rolls back whole.
const impossible = internalError("settlement credit refused");

/**
 * Pays every due day of one order, inside the caller's transaction. Each day is inserted into
 * `order_settlements` first: its primary key admits a day once, so the income, the ledger
 * rows, the asset records and the team rewards of that day happen once, whoever runs this,
 * however often. At the end of the cycle the order is completed; the principal is not paid
 * back (ADR-0070, "Principal is not returned").
 */
export async function settleOrderInTrx(
  trx: Kysely<Database>,
  orderId: bigint,
  today: number,
  rules: SettlementRules,
  now: number,
): Promise<SettlementTotals> {
  const totals = emptyTotals();
  const order = await claimRunningOrder(trx, orderId);
  if (!order) return totals;
  const startDay = Number(order.start_day);
  const cycleDays = Number(order.cycle_days);
  const days = dueDays({ startDay, cycleDays, daysSettled: Number(order.days_settled) }, today);
  if (days.length === 0) return totals;

  const ownerId = BigInt(order.user_id);
  const income = BigInt(order.daily_income_usdt);
  const title = await productTitle(trx, BigInt(order.product_id));
  const rewards = teamRewards(income, rules.rewardRatesPpm);
  const inviters = rewards.some((r) => r > 0n) ? await inviterChain(trx, ownerId, rewards.length) : [];

  for (const day of days) {
    if (!(await insertSettlement(trx, orderId, day, income, now))) continue;
    totals.days++;
    if (income === 0n) continue;
    const ref = `income:${orderId}:${day}`;
    await changeBalance(trx, { userId: ownerId, currency: "WUSDT", delta: income, kind: "income", ref, now }, impossible);
    await insertShopRecord(trx, {
      userId: ownerId,
      type: "income",
      currency: "USDT",
      amount: income,
      ref,
      note: `${title ?? ""} ${dayToIsoDate(day)}`.trim(),
      now,
    });
    totals.income += income;
    for (let i = 0; i < inviters.length; i++) {
      const reward = rewards[i]!;
      const level = i + 1;
      if (reward === 0n) continue;
      const inviterId = inviters[i]!;
      if (!(await insertTeamReward(trx, { userId: inviterId, fromUserId: ownerId, orderId, day, level, amount: reward, now })))
        continue;
      const rewardRef = `reward:${orderId}:${day}:${level}`;
      await changeBalance(
        trx,
        { userId: inviterId, currency: "WUSDT", delta: reward, kind: "reward", ref: rewardRef, now },
        impossible,
      );
      await insertShopRecord(trx, {
        userId: inviterId,
        type: "reward",
        currency: "USDT",
        amount: reward,
        ref: rewardRef,
        note: `L${level} ${dayToIsoDate(day)}`,
        now,
      });
      totals.rewards += reward;
    }
  }
  // Every day up to the last due one is paid now (by this pass or an earlier one).
  const daysSettled = days[days.length - 1]! - startDay + 1;
  const completed = daysSettled >= cycleDays;
  await setDaysSettled(trx, orderId, daysSettled, completed);
  totals.orders = 1;
  if (completed) totals.completed = 1;
  return totals;
}

export interface SettlementPassOptions extends SettlementRules {
  now?: number;
  batchSize?: number;
  /** Called after each order's transaction commits (tests use it to stop a pass half-way). */
  afterOrder?: (orderId: bigint) => void | Promise<void>;
}

/**
 * One settlement pass: every running order with due days, each in its own short transaction
 * (retried on a busy or deadlocked database), opened by `db` (the job's are fenced by its lease;
 * the operator's trigger runs plain ones). Safe to run from several processes at once and to
 * interrupt at any point: what committed stays paid, what did not is paid by the next pass.
 */
export async function runSettlementPass(db: Transactor, opts: SettlementPassOptions): Promise<SettlementTotals> {
  const now = opts.now ?? Date.now();
  const today = dayNumber(now);
  const totals = emptyTotals();
  let afterId = 0n;
  for (;;) {
    const ids = await listDueOrderIds(db.reads, today, afterId, opts.batchSize ?? 200);
    if (ids.length === 0) break;
    for (const id of ids) {
      const t = await withTransientRetry(() => db.transaction((trx) => settleOrderInTrx(trx, id, today, opts, now)));
      totals.orders += t.orders;
      totals.days += t.days;
      totals.income += t.income;
      totals.rewards += t.rewards;
      totals.completed += t.completed;
      await opts.afterOrder?.(id);
    }
    afterId = ids[ids.length - 1]!;
  }
  return totals;
}
