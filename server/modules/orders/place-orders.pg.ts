import type pg from "pg";
import { DEBT_REFUSAL } from "../../../domain/debt";
import { dayNumber, firstEarningDay } from "../../../domain/settlement-day";
import { type AppError, conflict, notFound } from "../../lib/errors";
import { namedQuery } from "../../lib/named-query";
import { toOrderDto, type OrderDto } from "./order.service";
import type { PlaceOrderInput } from "./place-order-input";

/** One order of a batch: who buys what, and when (the API's clock, as on the Kysely path). */
export interface OrderRequest {
  userId: bigint;
  input: PlaceOrderInput;
  now: number;
}

export type OrderOutcome = { order: OrderDto } | { refusal: AppError };

// The refusals `place_order` raises (migration 0008), as the Kysely path throws them. Built once:
// an Error captures a stack when constructed.
const refusals: Record<string, AppError> = {
  "orders.soldOut": conflict("orders.soldOut"),
  "orders.noProduct": notFound("orders.noProduct"),
  "orders.insufficientCny": conflict("orders.insufficientCny"),
  "orders.insufficientUsdt": conflict("orders.insufficientUsdt"),
  [DEBT_REFUSAL]: conflict(DEBT_REFUSAL),
};

interface Row {
  refusal: string | null;
  order_id: bigint | null;
  title: string;
  amount: bigint;
  principal_usdt: bigint;
  daily_income_usdt: bigint;
  cycle_days: number;
  alloy_material: number | null;
  alloy_granted: number;
  ordinality: bigint;
}

/** `with ordinality` ties each answer to its request without relying on the row order. */
const placeOrders = namedQuery(
  "place_orders",
  "select * from place_orders($1::bigint[], $2::bigint[], $3::integer[], $4::bigint[], $5::integer[]) with ordinality",
);

/**
 * Places `batch` in one round trip and one commit (`place_orders`, migration 0008): each order
 * all-or-nothing in its own subtransaction, answers in the batch's order. Rejects when the
 * statement fails; then nothing of the batch was committed.
 */
export async function placeOrdersPg(pool: pg.Pool, batch: readonly OrderRequest[]): Promise<OrderOutcome[]> {
  const values = [
    batch.map((o) => o.userId.toString()),
    batch.map((o) => o.input.productId.toString()),
    batch.map((o) => o.input.payType),
    batch.map((o) => String(o.now)),
    batch.map((o) => firstEarningDay(dayNumber(o.now))),
  ];
  const { rows } = await placeOrders<Row>(pool, values);
  if (rows.length !== batch.length) throw new Error(`place_orders answered ${rows.length} rows for ${batch.length} orders`);
  const outcomes: OrderOutcome[] = new Array(batch.length);
  for (const row of rows) {
    const i = Number(row.ordinality) - 1;
    outcomes[i] = outcome(batch[i]!, row);
  }
  return outcomes;
}

function outcome(request: OrderRequest, row: Row): OrderOutcome {
  if (row.refusal !== null) {
    const refusal = refusals[row.refusal];
    if (!refusal) throw new Error(`place_order raised an unknown refusal: ${row.refusal}`);
    return { refusal };
  }
  const { userId, input, now } = request;
  const order = toOrderDto(
    {
      id: row.order_id!,
      user_id: userId,
      product_id: input.productId,
      pay_type: input.payType,
      amount: row.amount,
      principal_usdt: row.principal_usdt,
      daily_income_usdt: row.daily_income_usdt,
      cycle_days: row.cycle_days,
      days_settled: 0,
      start_day: firstEarningDay(dayNumber(now)),
      status: "running",
      created_at: BigInt(now),
      alloy_material: row.alloy_material,
      alloy_granted: row.alloy_granted,
    },
    row.title,
  );
  return { order };
}
