-- Segments: "number / amount of orders in a period" read from the per-customer totals instead of grouping the
-- orders (issue 30's count budget). Grouping every completed order of the period by customer was most of a count's
-- time at a million customers and two million orders (EXPLAIN: 0.6–1 s for a year's 570,000 orders, again for each
-- order condition of a rule); monthly totals would not shrink it (1.7 million orders fall into 1.6 million
-- customer-months). Each customer's row now keeps the days of their completed orders, ascending, and the running
-- sum of their amounts in the same order, so an order condition is a predicate on one row:
--   orders in [from, to] = width_bucket(to, days) − width_bucket(from − 1, days)  (a binary search: how many ≤ x)
--   amount in [from, to] = running_cents[that upper count] − running_cents[that lower count]  (0 for index 0)
-- Kept by segment_refresh_customer_orders with the totals, from the same marks.

alter table gateway.segment_customer_orders
  add column days date[] not null default '{}',
  add column running_cents bigint[] not null default '{}';

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
         days = excluded.days, running_cents = excluded.running_cents;
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

-- The totals kept before this migration: their days and running sums.
update gateway.segment_customer_orders f
   set days = a.days, running_cents = a.running_cents
  from (select organisation_id, customer_id, array_agg(order_day order by order_day, order_id) as days,
               array_agg(running order by order_day, order_id) as running_cents
          from (select organisation_id, customer_id, order_id, order_day,
                       sum(amount_cents) over (partition by organisation_id, customer_id order by order_day, order_id
                                               rows unbounded preceding) as running
                  from gateway.mirror_orders
                 where customer_id is not null and order_status in ('ord', 'reemit', 'reissue')
                   and payment_status = 'paid' and order_day is not null) completed
         group by organisation_id, customer_id) a
 where f.organisation_id = a.organisation_id and f.customer_id = a.customer_id;
