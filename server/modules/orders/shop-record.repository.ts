import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { reusableQuery } from "../../lib/reusable-query";

/**
 * The user-visible asset record of a shop movement (order, income, reward). These settle in
 * the same transaction as their ledger row, so they are written straight as "success".
 */
export interface ShopRecord {
  userId: bigint;
  type: "order" | "income" | "reward";
  currency: "CNY" | "USDT";
  amount: bigint;
  ref: string;
  note: string | null;
  now: number;
}

const insertQuery = reusableQuery((db, r: ShopRecord) =>
  db.insertInto("asset_records").values({
    user_id: r.userId,
    type: r.type,
    currency: r.currency,
    amount: r.amount,
    status: "success",
    tx_hash: null,
    address: null,
    ref: r.ref,
    note: r.note,
    attempts: 0,
    created_at: r.now,
    updated_at: r.now,
  }),
);

export async function insertShopRecord(trx: Kysely<Database>, r: ShopRecord): Promise<void> {
  await insertQuery(trx, r);
}
