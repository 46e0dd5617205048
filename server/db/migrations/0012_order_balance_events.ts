import { sql, type Kysely } from "kysely";

/**
 * PostgreSQL only: every balance change writes its live-update event in its own transaction,
 * orders too (issue 28, item 3; docs/decisions/0201). An order on PostgreSQL is the SQL function
 * `place_order` (migrations 0008, 0009), which debited the balance with its ledger row but wrote
 * no `balance` event, so an order's debit reached no open stream.
 *
 * - `append_user_event` writes one event as `appendEventInTrx` (server/modules/events) does: the
 *   user's next seq from `user_event_seqs` (its row locked until commit, so a user's events
 *   commit in seq order), the row, a duplicate `dedupe_key` given back, and `pg_notify` to the
 *   listening processes on commit. `appendEventInTrx` calls it on PostgreSQL: one definition of
 *   an event's write for the API's code and the SQL functions alike, and one round trip.
 * - `place_order` of 0009 keeps its body under the name `place_order_without_event`; a new
 *   `place_order` with the same signature calls it and then writes the `balance` event of the
 *   debit, with the balance read back from the user's row (locked by the debit until commit, so
 *   it is the balance this order left). `place_orders` calls `place_order` by name, so a batch
 *   writes each order's event in that order's subtransaction: a refused order writes none.
 *
 * The event's data is the JSON `changeBalance` writes, `{"currency":…,"balance":"…"}`.
 * SQLite places orders through the Kysely path, whose `changeBalance` writes the event already.
 */
export function m0012OrderBalanceEvents(dialect: "postgres" | "sqlite") {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== "postgres") return;
      await sql.raw(appendUserEventSql).execute(db);
      await sql`alter function place_order(bigint, bigint, integer, bigint, integer, integer) rename to place_order_without_event`.execute(
        db,
      );
      await sql.raw(placeOrderWithEventSql).execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== "postgres") return;
      await sql`drop function place_order(bigint, bigint, integer, bigint, integer, integer)`.execute(db);
      await sql`alter function place_order_without_event(bigint, bigint, integer, bigint, integer, integer) rename to place_order`.execute(
        db,
      );
      await sql`drop function append_user_event(bigint, varchar, text, varchar, bigint)`.execute(db);
    },
  };
}

/** The channel the API's listeners LISTEN on (EVENTS_CHANNEL of server/modules/events/event-signal.ts). */
const EVENTS_CHANNEL = "user_events";

const appendUserEventSql = `
create function append_user_event(
  p_user_id bigint, p_type varchar, p_data text, p_dedupe_key varchar, p_now bigint
) returns boolean language plpgsql as $fn$
declare
  v_seq bigint;
begin
  insert into user_event_seqs (user_id, seq) values (p_user_id, 1)
  on conflict (user_id) do update set seq = user_event_seqs.seq + 1
  returning user_event_seqs.seq into v_seq;
  insert into user_events (user_id, seq, type, data, dedupe_key, created_at)
  values (p_user_id, v_seq, p_type, p_data, p_dedupe_key, p_now)
  on conflict (user_id, dedupe_key) do nothing;
  if not found then
    -- A seq is given out to one event only: the counter row is still this transaction's.
    update user_event_seqs set seq = seq - 1 where user_id = p_user_id;
    return false;
  end if;
  -- Delivered on commit only, once per user however many events the transaction wrote.
  perform pg_notify('${EVENTS_CHANNEL}', p_user_id::text);
  return true;
end
$fn$`;

const placeOrderWithEventSql = `
create function place_order(
  p_user_id bigint, p_product_id bigint, p_pay_type integer, p_now bigint, p_start_day integer, p_slice integer,
  out order_id bigint, out title varchar, out amount bigint, out principal_usdt bigint,
  out daily_income_usdt bigint, out cycle_days integer, out alloy_material integer, out alloy_granted integer
) language plpgsql as $fn$
#variable_conflict use_column
declare
  r record;
  v_currency varchar(8) := case when p_pay_type = 1 then 'CNY' else 'USDT' end;
  v_balance bigint;
begin
  select * into r from place_order_without_event(p_user_id, p_product_id, p_pay_type, p_now, p_start_day, p_slice);
  select case when p_pay_type = 1 then u.amount_cny else u.amount_usdt end into v_balance
    from users u where u.id = p_user_id;
  perform append_user_event(p_user_id, 'balance',
    '{"currency":"' || v_currency || '","balance":"' || v_balance::text || '"}', null, p_now);
  order_id := r.order_id;
  title := r.title;
  amount := r.amount;
  principal_usdt := r.principal_usdt;
  daily_income_usdt := r.daily_income_usdt;
  cycle_days := r.cycle_days;
  alloy_material := r.alloy_material;
  alloy_granted := r.alloy_granted;
end
$fn$`;
