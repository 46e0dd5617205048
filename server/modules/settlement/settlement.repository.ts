import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { ReadDb } from "../../db/transactor";

type Q = Kysely<Database>;

/** Running orders that have at least one day to be paid by `today`, in id order. */
export async function listDueOrderIds(db: ReadDb, today: number, afterId: bigint, limit: number): Promise<bigint[]> {
  const rows = await db
    .selectFrom("orders")
    .select("id")
    .where("status", "=", "running")
    .where((eb) => eb(eb("start_day", "+", eb.ref("days_settled")), "<=", today))
    .where("id", ">", afterId)
    .orderBy("id")
    .limit(limit)
    .execute();
  return rows.map((r) => BigInt(r.id));
}

/**
 * Locks a running order for this transaction and reads it fresh. The no-op UPDATE takes the
 * row lock on PostgreSQL (a second settler waits here, then sees the days the first one
 * settled) and the write lock on SQLite (no stale read can precede it).
 */
export function claimRunningOrder(trx: Q, orderId: bigint) {
  return trx
    .updateTable("orders")
    .set({ days_settled: sql<number>`days_settled` })
    .where("id", "=", orderId)
    .where("status", "=", "running")
    .returning(["id", "user_id", "product_id", "daily_income_usdt", "cycle_days", "days_settled", "start_day"])
    .executeTakeFirst();
}

export async function productTitle(trx: Q, productId: bigint): Promise<string | null> {
  const row = await trx.selectFrom("products").select("title").where("id", "=", productId).executeTakeFirst();
  return row?.title ?? null;
}

/** The exactly-once guard: the (order, day) primary key admits one settlement, ever. */
export async function insertSettlement(trx: Q, orderId: bigint, day: number, amount: bigint, now: number): Promise<boolean> {
  const res = await trx
    .insertInto("order_settlements")
    .values({ order_id: orderId, day, amount, created_at: now })
    .onConflict((oc) => oc.columns(["order_id", "day"]).doNothing())
    .executeTakeFirst();
  return (res.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/** The inviters above `userId`, nearest first, at most `levels` of them. */
export async function inviterChain(trx: Q, userId: bigint, levels: number): Promise<bigint[]> {
  const chain: bigint[] = [];
  let current = userId;
  while (chain.length < levels) {
    const row = await trx.selectFrom("users").select("inviter_id").where("id", "=", current).executeTakeFirst();
    if (!row || row.inviter_id == null) break;
    current = BigInt(row.inviter_id);
    chain.push(current);
  }
  return chain;
}

export async function insertTeamReward(
  trx: Q,
  r: { userId: bigint; fromUserId: bigint; orderId: bigint; day: number; level: number; amount: bigint; now: number },
): Promise<boolean> {
  const res = await trx
    .insertInto("team_rewards")
    .values({
      user_id: r.userId,
      from_user_id: r.fromUserId,
      order_id: r.orderId,
      day: r.day,
      level: r.level,
      amount: r.amount,
      created_at: r.now,
    })
    .onConflict((oc) => oc.columns(["order_id", "day", "level"]).doNothing())
    .executeTakeFirst();
  return (res.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

export async function setDaysSettled(trx: Q, orderId: bigint, daysSettled: number, completed: boolean): Promise<void> {
  await trx
    .updateTable("orders")
    .set({ days_settled: daysSettled, status: completed ? "completed" : "running" })
    .where("id", "=", orderId)
    .execute();
}
