import type { Kysely } from "kysely";
import { shortenAddress } from "../../../domain/address";
import { dayNumber, dayToIsoDate, quarterOfDay, weekStartDay } from "../../../domain/settlement-day";
import type { Earnings, EarningsQuery } from "../../../domain/api/earnings";
import type { Database } from "../../db/schema";
import {
  incomeByDay,
  incomePerProduct,
  investedByStartDay,
  ordersPerProduct,
  rewardsByDay,
  rewardsPerLevel,
  rewardsPerMember,
  toBig,
} from "./earnings.repository";

const MEMBER_LIMIT = 50;

/**
 * The four earnings pages in one answer: per product (productRevenue), from the team
 * (playerEarnings), by quarter (quarterlyEarnings) and invested against earned over time
 * (incomeInvestment). Sums are grouped by day in SQL and folded here with the UTC+8 day rules.
 */
export async function earningsOf(
  db: Kysely<Database>,
  userId: bigint,
  query: EarningsQuery,
  now = Date.now(),
): Promise<Earnings> {
  const [income, rewards, invested, products, productIncome, members, levels] = await Promise.all([
    incomeByDay(db, userId),
    rewardsByDay(db, userId),
    investedByStartDay(db, userId),
    ordersPerProduct(db, userId),
    incomePerProduct(db, userId),
    rewardsPerMember(db, userId, MEMBER_LIMIT),
    rewardsPerLevel(db, userId),
  ]);
  const incomeDays = income.map((r) => ({ day: Number(r.day), amount: toBig(r.amount) }));
  const rewardDays = rewards.map((r) => ({ day: Number(r.day), amount: toBig(r.amount) }));
  const investedDays = invested.map((r) => ({ day: Number(r.start_day) - 1, amount: toBig(r.amount) }));
  const sum = (rows: { amount: bigint }[]) => rows.reduce((a, r) => a + r.amount, 0n);

  const incomeOf = new Map(productIncome.map((r) => [Number(r.product_id), toBig(r.income)]));
  const perProduct = products
    .map((p) => ({
      productId: Number(p.product_id),
      title: p.title,
      orders: Number(p.orders),
      runningOrders: Number(toBig(p.running)),
      invested: toBig(p.invested).toString(),
      income: (incomeOf.get(Number(p.product_id)) ?? 0n).toString(),
    }))
    .sort((a, b) =>
      BigInt(b.income) > BigInt(a.income) ? 1 : BigInt(b.income) < BigInt(a.income) ? -1 : a.productId - b.productId,
    );

  const totalIncome = sum(incomeDays);
  const totalReward = sum(rewardDays);
  return {
    totals: {
      invested: sum(investedDays).toString(),
      income: totalIncome.toString(),
      reward: totalReward.toString(),
      earned: (totalIncome + totalReward).toString(),
      orders: perProduct.reduce((a, p) => a + p.orders, 0),
      runningOrders: perProduct.reduce((a, p) => a + p.runningOrders, 0),
    },
    perProduct,
    team: {
      byLevel: levels.map((l) => ({ level: Number(l.level), members: Number(l.members), reward: toBig(l.amount).toString() })),
      byMember: members.map((m) => ({
        address: shortenAddress(m.address),
        nickname: m.nickname,
        level: Number(m.level),
        reward: toBig(m.amount).toString(),
      })),
    },
    byQuarter: quarters(incomeDays, rewardDays),
    series: series(investedDays, incomeDays, rewardDays, query, dayNumber(now)),
  };
}

function quarters(
  incomeDays: { day: number; amount: bigint }[],
  rewardDays: { day: number; amount: bigint }[],
): Earnings["byQuarter"] {
  const byLabel = new Map<string, { year: number; q: number; income: bigint; reward: bigint }>();
  const add = (day: number, field: "income" | "reward", amount: bigint) => {
    const q = quarterOfDay(day);
    const entry = byLabel.get(q.label) ?? { year: q.year, q: q.quarter, income: 0n, reward: 0n };
    entry[field] += amount;
    byLabel.set(q.label, entry);
  };
  for (const r of incomeDays) add(r.day, "income", r.amount);
  for (const r of rewardDays) add(r.day, "reward", r.amount);
  return [...byLabel.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([quarter, e]) => ({
      quarter,
      year: e.year,
      q: e.q,
      income: e.income.toString(),
      reward: e.reward.toString(),
      earned: (e.income + e.reward).toString(),
    }));
}

/** Cumulative totals at the end of each of the last `points` buckets up to today. */
function series(
  investedDays: { day: number; amount: bigint }[],
  incomeDays: { day: number; amount: bigint }[],
  rewardDays: { day: number; amount: bigint }[],
  query: EarningsQuery,
  today: number,
): Earnings["series"] {
  const step = query.bucket === "week" ? 7 : 1;
  const lastStart = query.bucket === "week" ? weekStartDay(today) : today;
  const firstStart = lastStart - (query.points - 1) * step;
  const upTo = (rows: { day: number; amount: bigint }[], lastDay: number) =>
    rows.reduce((a, r) => (r.day <= lastDay ? a + r.amount : a), 0n);
  const points: Earnings["series"]["points"] = [];
  for (let start = firstStart; start <= lastStart; start += step) {
    const end = start + step - 1;
    const income = upTo(incomeDays, end);
    const reward = upTo(rewardDays, end);
    points.push({
      date: dayToIsoDate(start),
      invested: upTo(investedDays, end).toString(),
      income: income.toString(),
      reward: reward.toString(),
      earned: (income + reward).toString(),
    });
  }
  return { bucket: query.bucket, points };
}
