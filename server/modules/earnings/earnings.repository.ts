import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

type Q = Kysely<Database>;

/** sum() is numeric (a string) on PostgreSQL and an integer on SQLite: read both exactly. */
export const toBig = (v: unknown): bigint => (v == null ? 0n : BigInt(String(v)));

/** Income per settled day of the user's orders. */
export function incomeByDay(db: Q, userId: bigint) {
  return db
    .selectFrom("order_settlements as s")
    .innerJoin("orders as o", "o.id", "s.order_id")
    .select((eb) => ["s.day", eb.fn.sum("s.amount").as("amount")])
    .where("o.user_id", "=", userId)
    .groupBy("s.day")
    .execute();
}

/** Team rewards paid to the user per day. */
export function rewardsByDay(db: Q, userId: bigint) {
  return db
    .selectFrom("team_rewards")
    .select((eb) => ["day", eb.fn.sum("amount").as("amount")])
    .where("user_id", "=", userId)
    .groupBy("day")
    .execute();
}

/** Principal bought per purchase day (the day before an order's first earning day). */
export function investedByStartDay(db: Q, userId: bigint) {
  return db
    .selectFrom("orders")
    .select((eb) => ["start_day", eb.fn.sum("principal_usdt").as("amount")])
    .where("user_id", "=", userId)
    .groupBy("start_day")
    .execute();
}

export function ordersPerProduct(db: Q, userId: bigint) {
  return db
    .selectFrom("orders as o")
    .innerJoin("products as p", "p.id", "o.product_id")
    .select((eb) => [
      "o.product_id",
      "p.title",
      eb.fn.countAll().as("orders"),
      eb.fn.sum("o.principal_usdt").as("invested"),
      eb.fn.sum(eb.case().when("o.status", "=", "running").then(1).else(0).end()).as("running"),
    ])
    .where("o.user_id", "=", userId)
    .groupBy(["o.product_id", "p.title"])
    .execute();
}

export function incomePerProduct(db: Q, userId: bigint) {
  return db
    .selectFrom("order_settlements as s")
    .innerJoin("orders as o", "o.id", "s.order_id")
    .select((eb) => ["o.product_id", eb.fn.sum("s.amount").as("income")])
    .where("o.user_id", "=", userId)
    .groupBy("o.product_id")
    .execute();
}

/** Rewards paid to the user per team member and level, largest first. */
export function rewardsPerMember(db: Q, userId: bigint, limit: number) {
  return db
    .selectFrom("team_rewards as r")
    .innerJoin("users as u", "u.id", "r.from_user_id")
    .select((eb) => ["u.address", "u.nickname", "r.level", eb.fn.sum("r.amount").as("amount")])
    .where("r.user_id", "=", userId)
    .groupBy(["r.from_user_id", "u.address", "u.nickname", "r.level"])
    .orderBy((eb) => eb.fn.sum("r.amount"), "desc")
    .limit(limit)
    .execute();
}

export function rewardsPerLevel(db: Q, userId: bigint) {
  return db
    .selectFrom("team_rewards")
    .select((eb) => ["level", eb.fn.sum("amount").as("amount"), eb.fn.count("from_user_id").distinct().as("members")])
    .where("user_id", "=", userId)
    .groupBy("level")
    .orderBy("level")
    .execute();
}
