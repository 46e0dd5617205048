import { sql, type Kysely } from "kysely";
import type { DialectName } from "../database";

/**
 * PostgreSQL only: an order as one server-side function (issue 15), so placing it costs one
 * round trip instead of ten (BEGIN, seven statements, COMMIT) with the product's row lock held
 * across all of them. `place_order` is the order of place-order.service.ts statement for
 * statement: stock, debit with its ledger row, alloy grant, order row, asset record. The locks
 * are taken in the same order (product, user, alloy pool, the user's alloy), so it and the
 * Kysely path (the seed, SQLite) can never deadlock each other. A refusal raises SQLSTATE
 * `SH001` with the refusal key as its message; the raise undoes everything the order did.
 *
 * `place_orders` places a batch (the API gathers the orders that arrive while one batch is in
 * flight): each order in its own subtransaction, so a refusal undoes that order alone, and one
 * commit for all of them. Hot rows (a popular product, the alloy pool) are locked until commit,
 * and a durable commit waits for the WAL flush, so one order per commit caps a product at one
 * flush per order (~600/s on this machine); a batch shares the flush.
 *
 * SQLite keeps the Kysely path: in-process, there is no round trip to save.
 */
export function m0008PlaceOrder(dialect: DialectName) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== "postgres") return;
      await sql.raw(placeOrderSql).execute(db);
      await sql.raw(placeOrdersSql).execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== "postgres") return;
      await sql`drop function if exists place_orders(bigint[], bigint[], integer[], bigint[], integer[])`.execute(db);
      await sql`drop function if exists place_order(bigint, bigint, integer, bigint, integer)`.execute(db);
    },
  };
}

// The refusal keys raised here are those of place-order.service.ts and ledger.service.ts
// (domain/refusals.ts); place-orders.pg.ts maps them back to the same API errors.
const placeOrderSql = `
create function place_order(
  p_user_id bigint, p_product_id bigint, p_pay_type integer, p_now bigint, p_start_day integer,
  out order_id bigint, out title varchar, out amount bigint, out principal_usdt bigint,
  out daily_income_usdt bigint, out cycle_days integer, out alloy_material integer, out alloy_granted integer
) language plpgsql as $fn$
#variable_conflict use_column
declare
  p record;
  v_currency varchar(8);
  v_amount bigint;
  v_balance bigint;
  v_pieces bigint;
  v_granted bigint := 0;
  v_remaining bigint;
  v_order_id bigint;
  v_ref varchar(128);
begin
  -- Of concurrent buyers of the last piece exactly one gets it: the row is re-checked under its lock.
  update products set stock = stock - 1
   where id = p_product_id and status = 'on_sale' and stock > 0
   returning products.title, products.price_cny, products.price_usdt, products.daily_rate_ppm,
             products.cycle_days, products.alloy_material, products.alloy_pieces into p;
  if not found then
    if exists (select 1 from products where id = p_product_id and status = 'on_sale') then
      raise exception using errcode = 'SH001', message = 'orders.soldOut';
    end if;
    raise exception using errcode = 'SH001', message = 'orders.noProduct';
  end if;

  -- changeBalance: one conditional UPDATE that never goes below zero and refuses while in debt.
  if p_pay_type = 1 then
    v_currency := 'CNY';
    v_amount := p.price_cny;
  else
    v_currency := 'USDT';
    v_amount := p.price_usdt;
  end if;
  if v_amount = 0 then
    raise exception 'a balance change of zero is not a change';
  end if;
  if v_currency = 'CNY' then
    update users set amount_cny = amount_cny - v_amount
     where id = p_user_id and amount_cny - v_amount >= 0 and debt_usdt = 0
     returning amount_cny into v_balance;
  else
    update users set amount_usdt = amount_usdt - v_amount
     where id = p_user_id and amount_usdt - v_amount >= 0 and debt_usdt = 0
     returning amount_usdt into v_balance;
  end if;
  if not found then
    if exists (select 1 from users where id = p_user_id and debt_usdt > 0) then
      raise exception using errcode = 'SH001', message = 'debt.blocksSpending';
    end if;
    raise exception using errcode = 'SH001',
      message = case v_currency when 'CNY' then 'orders.insufficientCny' else 'orders.insufficientUsdt' end;
  end if;

  -- takeFromAlloyPool: all the product grants, or what the shared pool has left.
  v_pieces := case when p.alloy_material is null then 0 else p.alloy_pieces end;
  if v_pieces > 0 then
    update alloy_stock set remaining = remaining - v_pieces
     where material = p.alloy_material and remaining >= v_pieces;
    if found then
      v_granted := v_pieces;
    else
      select remaining into v_remaining from alloy_stock where material = p.alloy_material for update;
      v_granted := least(v_pieces, greatest(coalesce(v_remaining, 0), 0));
      if v_granted > 0 then
        update alloy_stock set remaining = remaining - v_granted where material = p.alloy_material;
      end if;
    end if;
    if v_granted > 0 then
      insert into user_alloy (user_id, material, pieces) values (p_user_id, p.alloy_material, v_granted)
      on conflict (user_id, material) do update set pieces = user_alloy.pieces + excluded.pieces;
    end if;
  end if;

  insert into orders (user_id, product_id, pay_type, amount, principal_usdt, daily_income_usdt, cycle_days,
                      days_settled, start_day, status, created_at, alloy_material, alloy_granted)
  values (p_user_id, p_product_id, p_pay_type, v_amount, p.price_usdt,
          div(p.price_usdt::numeric * p.daily_rate_ppm, 1000000)::bigint, p.cycle_days,
          0, p_start_day, 'running', p_now, p.alloy_material, v_granted)
  returning id into v_order_id;
  v_ref := 'order:' || v_order_id;
  -- The ledger row of the debit, in the same transaction as the balance it explains.
  insert into ledger (user_id, currency, delta, balance_after, kind, ref, created_at)
  values (p_user_id, v_currency, -v_amount, v_balance, 'order', v_ref, p_now);
  insert into asset_records (user_id, type, currency, amount, status, tx_hash, address, ref, note, attempts,
                             created_at, updated_at)
  values (p_user_id, 'order', v_currency, -v_amount, 'success', null, null, v_ref, p.title, 0, p_now, p_now);

  order_id := v_order_id;
  title := p.title;
  amount := v_amount;
  principal_usdt := p.price_usdt;
  daily_income_usdt := div(p.price_usdt::numeric * p.daily_rate_ppm, 1000000)::bigint;
  cycle_days := p.cycle_days;
  alloy_material := p.alloy_material;
  alloy_granted := v_granted;
end
$fn$`;

const placeOrdersSql = `
create function place_orders(
  p_user_ids bigint[], p_product_ids bigint[], p_pay_types integer[], p_nows bigint[], p_start_days integer[]
) returns table (
  refusal text, order_id bigint, title varchar, amount bigint, principal_usdt bigint,
  daily_income_usdt bigint, cycle_days integer, alloy_material integer, alloy_granted integer
) language plpgsql as $fn$
#variable_conflict use_column
declare
  r record;
begin
  for i in 1 .. coalesce(array_length(p_user_ids, 1), 0) loop
    begin
      select * into r from place_order(p_user_ids[i], p_product_ids[i], p_pay_types[i], p_nows[i], p_start_days[i]);
      refusal := null;
      order_id := r.order_id;
      title := r.title;
      amount := r.amount;
      principal_usdt := r.principal_usdt;
      daily_income_usdt := r.daily_income_usdt;
      cycle_days := r.cycle_days;
      alloy_material := r.alloy_material;
      alloy_granted := r.alloy_granted;
    exception when sqlstate 'SH001' then
      -- The block's subtransaction is rolled back: the refused order changed nothing.
      refusal := sqlerrm;
      order_id := null;
      title := null;
      amount := null;
      principal_usdt := null;
      daily_income_usdt := null;
      cycle_days := null;
      alloy_material := null;
      alloy_granted := null;
    end;
    return next;
  end loop;
end
$fn$`;
