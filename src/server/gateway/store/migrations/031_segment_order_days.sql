-- Segments: "number / amount of orders in a period" read from the per-customer totals instead of grouping the
-- orders (issue 30's count budget). Grouping every completed order of the period by customer was most of a count's
-- time at a million customers and two million orders (EXPLAIN: 0.6–1 s for a year's 570,000 orders, again for each
-- order condition of a rule); monthly totals would not shrink it (1.7 million orders fall into 1.6 million
-- customer-months). Each customer's row now keeps the days of their completed orders, ascending, and the running
-- sum of their amounts in the same order, so an order condition is a predicate on one row:
--   orders in [from, to] = width_bucket(to, days) − width_bucket(from − 1, days)  (a binary search: how many ≤ x)
--   amount in [from, to] = running_cents[that upper count] − running_cents[that lower count]  (0 for index 0)
-- Kept by segment_refresh_customer_orders with the totals, from the same marks (migration 034).

alter table gateway.segment_customer_orders
  add column days date[] not null default '{}',
  add column running_cents bigint[] not null default '{}';

-- The refresh that keeps them with the totals (segment_refresh_customer_orders) is migration 034's, which writes
-- only what changed.

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
