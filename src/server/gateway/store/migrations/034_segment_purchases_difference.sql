-- The segments' purchases of a marked customer changed by their difference, not deleted and written again
-- (issue 32: selling as fast as the database allows). A desk sells to its walk-in customer: every sale marks
-- that one customer, and each refresh deleted and re-inserted all of their purchases — 45,000 rows for the
-- demo's walk-in customer after a few minutes of selling, each insert with its foreign-key check (pg_stat_statements
-- during bench:selling: 2 s per refresh, 17–22 ms of PostgreSQL time per sale, five times the sale's own). Now
-- the refresh still reads what the customer bought, but writes only the rows that are new or gone: a sale of a
-- performance, price and day the customer already had writes none. The totals keep migration 031's order days
-- and running sums (this replaces 031's version of the function).

create or replace function gateway.segment_refresh_customer_orders(org bigint, most integer) returns integer
language plpgsql as $$
declare
  customers bigint[];
  taken_marks integer;
begin
  -- Marks are plain rows without a key: a batch is some of the organisation's rows by their place on disk. Two
  -- keepers taking the same rows at once each delete only what the other has not.
  with picked as (
    select ctid from gateway.segment_dirty_customers where organisation_id = org limit most
  ), taken as (
    delete from gateway.segment_dirty_customers d using picked where d.ctid = picked.ctid returning d.customer_id
  )
  select array_agg(distinct customer_id), count(*) into customers, taken_marks from taken;
  if customers is null then
    return 0;
  end if;
  -- The totals with their order days and running sums (migration 031), written only where they changed.
  insert into gateway.segment_customer_orders as f (organisation_id, customer_id, orders, amount_cents, first_day,
    last_day, days, running_cents)
  select org, customer_id, count(*), sum(amount_cents), min(order_day), max(order_day),
         array_agg(order_day order by order_day, order_id), array_agg(running order by order_day, order_id)
    from (select o.customer_id, o.order_id, o.order_day, o.amount_cents,
                 sum(o.amount_cents) over (partition by o.customer_id order by o.order_day, o.order_id
                                           rows unbounded preceding) as running
            from unnest(customers) t (customer_id)
            join gateway.mirror_orders o on o.organisation_id = org and o.customer_id = t.customer_id
           where o.order_status in ('ord', 'reemit', 'reissue') and o.payment_status = 'paid'
             and o.order_day is not null) completed
   group by customer_id
  on conflict (organisation_id, customer_id) do update
     set orders = excluded.orders, amount_cents = excluded.amount_cents,
         first_day = excluded.first_day, last_day = excluded.last_day,
         days = excluded.days, running_cents = excluded.running_cents
   where (f.orders, f.amount_cents, f.first_day, f.last_day, f.days, f.running_cents)
         is distinct from (excluded.orders, excluded.amount_cents, excluded.first_day, excluded.last_day,
                           excluded.days, excluded.running_cents);
  -- Customers left without a completed order.
  delete from gateway.segment_customer_orders f
   using unnest(customers) t (customer_id)
   where f.organisation_id = org and f.customer_id = t.customer_id
     and not exists (
       select 1 from gateway.mirror_orders o
        where o.organisation_id = org and o.customer_id = t.customer_id
          and o.order_status in ('ord', 'reemit', 'reissue') and o.payment_status = 'paid' and o.order_day is not null);
  -- What the customers bought (wanted) beside what is kept for them (kept): the kept rows not wanted go (by
  -- their place on disk), the wanted rows not kept come. Both sides are hashed once, whatever their size.
  with wanted as (
    select distinct o.customer_id, s.event_id, lower(s.price_name) as price_name, o.order_day
      from unnest(customers) t (customer_id)
      join gateway.mirror_orders o on o.organisation_id = org and o.customer_id = t.customer_id
      join gateway.mirror_order_seats s on s.organisation_id = org and s.order_id = o.order_id and not s.deleted
     where o.order_status in ('ord', 'reemit', 'reissue') and o.payment_status = 'paid' and o.order_day is not null
  ), kept as (
    select p.ctid as place, p.customer_id, p.event_id, p.price_name, p.order_day
      from unnest(customers) t (customer_id)
      join gateway.segment_customer_purchases p on p.organisation_id = org and p.customer_id = t.customer_id
  ), gone as (
    delete from gateway.segment_customer_purchases p
     where p.ctid = any (array(
       select k.place from kept k
        where not exists (
          select 1 from wanted w
           where w.customer_id = k.customer_id and w.event_id = k.event_id and w.price_name = k.price_name
             and w.order_day = k.order_day)))
  )
  insert into gateway.segment_customer_purchases (organisation_id, customer_id, event_id, price_name, order_day)
  select org, w.customer_id, w.event_id, w.price_name, w.order_day
    from wanted w
   where not exists (
     select 1 from kept k
      where k.customer_id = w.customer_id and k.event_id = w.event_id and k.price_name = w.price_name
        and k.order_day = w.order_day);
  -- Marks, not customers: a batch that took fewer than `most` found no more than it took.
  return taken_marks;
end
$$;
