/**
 * The ceiling beside the PostgreSQL order rows: the writes one order makes (stock, debit, alloy
 * pool, the buyer's alloy, order, ledger row, asset record), as one statement of data-modifying
 * CTEs from a bare `pg` pool in the bench process, one order per transaction, at the API's
 * concurrency. No HTTP, no session, no refusal handling: what a durable one-order commit on this
 * PostgreSQL costs at best. Stock and alloy come from the connection's own slice (the API's
 * batches claim one each, migration 0009), but every order debits the same buyer's row, as the
 * API run's orders do, so they queue on its lock, held until its commit's WAL flush is on disk.
 */
import { performance } from "node:perf_hooks";
import pg from "pg";
import { STOCK_SLICES as N } from "../domain/stock-slices";
import { SECONDS } from "./shop-load";

const orderWrites = {
  name: "bench_order_writes",
  text: `
with taken as (
  update product_stock_slices set stock = stock - 1
  where product_id = $2 and slice = pg_backend_pid() % ${N} and stock > 0
  returning 1
), p as (
  select title, price_usdt, daily_rate_ppm, cycle_days, alloy_material, alloy_pieces
  from products, taken where id = $2 and status = 'on_sale'
), u as (
  update users set amount_usdt = amount_usdt - p.price_usdt from p
  where users.id = $1 and users.amount_usdt >= p.price_usdt and users.debt_usdt = 0
  returning users.amount_usdt as balance, p.*
), a as (
  update alloy_pool_slices set remaining = remaining - u.alloy_pieces from u
  where material = u.alloy_material and slice = pg_backend_pid() % ${N} and remaining >= u.alloy_pieces
  returning alloy_pool_slices.material, u.alloy_pieces as granted
), ua as (
  insert into user_alloy (user_id, material, pieces) select $1, material, granted from a
  on conflict (user_id, material) do update set pieces = user_alloy.pieces + excluded.pieces
), o as (
  insert into orders (user_id, product_id, pay_type, amount, principal_usdt, daily_income_usdt, cycle_days,
                      days_settled, start_day, status, created_at, alloy_material, alloy_granted)
  select $1, $2, 2, u.price_usdt, u.price_usdt, u.price_usdt * u.daily_rate_ppm / 1000000, u.cycle_days,
         0, $4, 'running', $3, u.alloy_material, coalesce((select granted from a), 0) from u
  returning id, amount
), l as (
  insert into ledger (user_id, currency, delta, balance_after, kind, ref, created_at)
  select $1, 'USDT', -o.amount, u.balance, 'order', 'order:' || o.id, $3 from o, u
)
insert into asset_records (user_id, type, currency, amount, status, ref, note, attempts, created_at, updated_at)
select $1, 'order', 'USDT', -o.amount, 'success', 'order:' || o.id, u.title, 0, $3, $3 from o, u
returning 1`,
};

/** Orders per second and p99 of `connections` clients buying `productId` as `userId`, as the API run does. */
export async function orderCeiling(
  databaseUrl: string,
  userId: bigint,
  productId: number,
  connections = 10,
): Promise<{ perSecond: number; p99Ms: number; failed: number }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  const clients = Array.from({ length: connections }, () => userId);
  const latencies: number[] = [];
  let failed = 0;
  const startDay = Math.floor((Date.now() + 8 * 3_600_000) / 86_400_000) + 1;
  const client = async (until: number, record: boolean) => {
    while (performance.now() < until) {
      const started = performance.now();
      const r = await pool.query({ ...orderWrites, values: [userId.toString(), productId, Date.now(), startDay] });
      if (!record) continue;
      if (r.rowCount === 1) latencies.push(performance.now() - started);
      else failed++;
    }
  };
  try {
    const warmUp = performance.now() + 1000; // as the API runs get: connections open, statements planned
    await Promise.all(clients.map(() => client(warmUp, false)));
    const until = performance.now() + SECONDS * 1000;
    await Promise.all(clients.map(() => client(until, true)));
  } finally {
    await pool.end();
  }
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0;
  return { perSecond: Math.round(latencies.length / SECONDS), p99Ms: Math.round(p99), failed };
}
