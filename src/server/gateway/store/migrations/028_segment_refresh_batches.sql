-- The segments' per-customer order totals brought up to date a batch of marks at a time (issue 32: a sync never
-- starves the desk, the first answer at once). After a first sync of 50,000 orders the background keeper took all
-- 34,000 marked customers in one statement: 25 s at load 30 in which PGlite, whose one connection runs every
-- statement on the process's thread, answered nobody (a sign-in right after a start waited 52 s). The keeper now
-- takes at most `most` marks per statement; a count still takes all that are left before it counts (`most` null).

create function gateway.segment_refresh_customer_orders(org bigint, most integer) returns integer language plpgsql as $$
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
  insert into gateway.segment_customer_orders as f (organisation_id, customer_id, orders, amount_cents, first_day, last_day)
  select org, o.customer_id, count(*), sum(o.amount_cents), min(o.order_day), max(o.order_day)
    from unnest(customers) t (customer_id)
    join gateway.mirror_orders o on o.organisation_id = org and o.customer_id = t.customer_id
   where o.order_status in ('ord', 'reemit', 'reissue') and o.payment_status = 'paid' and o.order_day is not null
   group by o.customer_id
  on conflict (organisation_id, customer_id) do update
     set orders = excluded.orders, amount_cents = excluded.amount_cents,
         first_day = excluded.first_day, last_day = excluded.last_day;
  -- Customers left without a completed order.
  delete from gateway.segment_customer_orders f
   using unnest(customers) t (customer_id)
   where f.organisation_id = org and f.customer_id = t.customer_id
     and not exists (
       select 1 from gateway.mirror_orders o
        where o.organisation_id = org and o.customer_id = t.customer_id
          and o.order_status in ('ord', 'reemit', 'reissue') and o.payment_status = 'paid' and o.order_day is not null);
  delete from gateway.segment_customer_purchases p
   using unnest(customers) t (customer_id)
   where p.organisation_id = org and p.customer_id = t.customer_id;
  insert into gateway.segment_customer_purchases (organisation_id, customer_id, event_id, price_name, order_day)
  select distinct org, o.customer_id, s.event_id, lower(s.price_name), o.order_day
    from unnest(customers) t (customer_id)
    join gateway.mirror_orders o on o.organisation_id = org and o.customer_id = t.customer_id
    join gateway.mirror_order_seats s on s.organisation_id = org and s.order_id = o.order_id and not s.deleted
   where o.order_status in ('ord', 'reemit', 'reissue') and o.payment_status = 'paid' and o.order_day is not null;
  -- Marks, not customers: a batch that took fewer than `most` found no more than it took.
  return taken_marks;
end
$$;

-- The one-argument form (a count's "all that are left") is the batched one without a bound.
create or replace function gateway.segment_refresh_customer_orders(org bigint) returns integer language sql as $$
  select gateway.segment_refresh_customer_orders(org, null)
$$;
