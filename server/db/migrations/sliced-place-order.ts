import { STOCK_SLICES } from "../../../domain/stock-slices";

/* The PostgreSQL order functions of migration 0009 (stock and alloy pools in slices). */

const N = STOCK_SLICES;
/** The advisory-lock namespace of slice claims (any constant no other lock of this app uses). */
const SLICE_CLAIMS = 0x51ce;

/**
 * `place_order` of migration 0008 with sliced stock: the same steps, locks and refusals, taking
 * the piece and the alloy grant from slice `p_slice` (the one its batch claimed), in one
 * conditional UPDATE each as before. Only when that slice has too little does it look further:
 * first at slices no other transaction holds (`skip locked`), then, waiting, at all of them in
 * slice order. Waiting in order can meet a batch that holds a later slice and waits for an
 * earlier one near the end of a stock; PostgreSQL breaks that deadlock and the batcher places
 * those orders again one by one (order-batcher.ts).
 */
export const slicedPlaceOrderSql = `
create function place_order(
  p_user_id bigint, p_product_id bigint, p_pay_type integer, p_now bigint, p_start_day integer, p_slice integer,
  out order_id bigint, out title varchar, out amount bigint, out principal_usdt bigint,
  out daily_income_usdt bigint, out cycle_days integer, out alloy_material integer, out alloy_granted integer
) language plpgsql as $fn$
#variable_conflict use_column
declare
  p record;
  a record;
  v_slice integer;
  v_currency varchar(8);
  v_amount bigint;
  v_balance bigint;
  v_pieces bigint;
  v_granted bigint := 0;
  v_take bigint;
  v_order_id bigint;
  v_ref varchar(128);
begin
  -- One piece. Of concurrent buyers of the last piece exactly one gets it: a slice's stock is
  -- re-checked under its row lock.
  update product_stock_slices s set stock = s.stock - 1
    from products
   where s.product_id = p_product_id and s.slice = p_slice and s.stock > 0
     and products.id = p_product_id and products.status = 'on_sale'
  returning products.title, products.price_cny, products.price_usdt, products.daily_rate_ppm,
            products.cycle_days, products.alloy_material, products.alloy_pieces into p;
  if not found then
    select products.title, products.price_cny, products.price_usdt, products.daily_rate_ppm,
           products.cycle_days, products.alloy_material, products.alloy_pieces
      into p from products where products.id = p_product_id and products.status = 'on_sale';
    if not found then
      raise exception using errcode = 'SH001', message = 'orders.noProduct';
    end if;
    -- The batch's slice is empty: one nobody else holds, else wait for them in slice order.
    select s.slice into v_slice from product_stock_slices s
     where s.product_id = p_product_id and s.stock > 0
     order by s.slice limit 1 for update skip locked;
    if not found then
      select s.slice into v_slice from product_stock_slices s
       where s.product_id = p_product_id and s.stock > 0
       order by s.slice limit 1 for update;
      if not found then
        raise exception using errcode = 'SH001', message = 'orders.soldOut';
      end if;
    end if;
    update product_stock_slices s set stock = s.stock - 1 where s.product_id = p_product_id and s.slice = v_slice;
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

  -- takeFromAlloyPool: the whole grant from the batch's slice, else from one nobody else holds,
  -- else what the pool has left, gathered slice by slice in order (waiting for holders).
  v_pieces := case when p.alloy_material is null then 0 else p.alloy_pieces end;
  if v_pieces > 0 then
    update alloy_pool_slices s set remaining = s.remaining - v_pieces
     where s.material = p.alloy_material and s.slice = p_slice and s.remaining >= v_pieces;
    if found then
      v_granted := v_pieces;
    else
      select s.slice into v_slice from alloy_pool_slices s
       where s.material = p.alloy_material and s.remaining >= v_pieces
       order by s.slice limit 1 for update skip locked;
      if found then
        update alloy_pool_slices s set remaining = s.remaining - v_pieces
         where s.material = p.alloy_material and s.slice = v_slice;
        v_granted := v_pieces;
      else
        for a in select s.slice, s.remaining from alloy_pool_slices s
                  where s.material = p.alloy_material and s.remaining > 0
                  order by s.slice for update loop
          v_take := least(v_pieces - v_granted, a.remaining);
          update alloy_pool_slices s set remaining = s.remaining - v_take
           where s.material = p.alloy_material and s.slice = a.slice;
          v_granted := v_granted + v_take;
          exit when v_granted = v_pieces;
        end loop;
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

/**
 * `place_orders` of migration 0008, which first claims a slice for the whole batch: the first
 * free one from this connection's own (an advisory lock held to the end of the transaction), so
 * concurrent batches, from this process or another, take from different rows. A batch that
 * finds every slice claimed shares one; its orders then wait for that slice's holder.
 */
export const slicedPlaceOrdersSql = `
create function place_orders(
  p_user_ids bigint[], p_product_ids bigint[], p_pay_types integer[], p_nows bigint[], p_start_days integer[]
) returns table (
  refusal text, order_id bigint, title varchar, amount bigint, principal_usdt bigint,
  daily_income_usdt bigint, cycle_days integer, alloy_material integer, alloy_granted integer
) language plpgsql as $fn$
#variable_conflict use_column
declare
  r record;
  v_slice integer := pg_backend_pid() % ${N};
begin
  for k in 0 .. ${N - 1} loop
    if pg_try_advisory_xact_lock(${SLICE_CLAIMS}, (v_slice + k) % ${N}) then
      v_slice := (v_slice + k) % ${N};
      exit;
    end if;
  end loop;
  for i in 1 .. coalesce(array_length(p_user_ids, 1), 0) loop
    begin
      select * into r from place_order(p_user_ids[i], p_product_ids[i], p_pay_types[i], p_nows[i], p_start_days[i], v_slice);
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
