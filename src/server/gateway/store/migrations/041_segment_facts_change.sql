-- Segments counted in memory (issue 30's count budget on PGlite): each gateway process keeps the facts of the
-- organisations whose segments it counts as columns (gateway/segments/facts-columns.ts), with each customer's
-- purchases (event, day, price type) beside them, read whole once and then followed as the customer search follows
-- the mirror (migration 006): every facts row carries the id of the transaction that wrote it last, and a reader
-- asks for change_xid >= the xmin of its previous read's snapshot. Whoever writes the facts (the mirror's triggers,
-- the first sync's end pass, a refresh of a customer's orders), the id is set by the same function as the mirror's
-- customers'; the refresh now writes a customer's facts whenever their purchases changed, too (below).

alter table gateway.segment_facts add column change_xid bigint not null default 0;

create trigger segment_facts_change_xid
  before insert or update on gateway.segment_facts
  for each row execute function gateway.mirror_customers_change_xid();

create index segment_facts_change on gateway.segment_facts (organisation_id, change_xid, customer_id);

-- A removed row leaves nothing to follow, so removals are counted per organisation: a reader that sees the count
-- move reads the facts whole again. Rare (a reload's removals from the mirror), so one row per organisation is
-- not a point where writers queue. No foreign key: an organisation's removal removes its facts too, and then
-- nothing is counted (the join finds no organisation).
create table gateway.segment_facts_removals (
  organisation_id bigint primary key,
  removals bigint not null
);

create function gateway.segment_facts_removed() returns trigger
language plpgsql as $$
begin
  insert into gateway.segment_facts_removals as r (organisation_id, removals)
  select o.id, 1 from gateway.organisations o where o.id in (select organisation_id from previous)
  on conflict (organisation_id) do update set removals = r.removals + 1;
  return null;
end
$$;

create trigger segment_facts_removed
  after delete on gateway.segment_facts
  referencing old table as previous
  for each statement execute function gateway.segment_facts_removed();

-- Migration 039's refresh, which now also writes the facts of customers whose purchases changed.
create or replace function gateway.segment_refresh_customer_orders(org bigint, most integer) returns integer
language plpgsql as $$
declare
  customers bigint[];
  taken_marks integer;
  purchased bigint[];
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
    returning p.customer_id
  ), added as (
    insert into gateway.segment_customer_purchases (organisation_id, customer_id, event_id, price_name, order_day)
    select org, w.customer_id, w.event_id, w.price_name, w.order_day
      from wanted w
     where not exists (
       select 1 from kept k
        where k.customer_id = w.customer_id and k.event_id = w.event_id and k.price_name = w.price_name
          and k.order_day = w.order_day)
    returning customer_id, price_name
  ), priced as (
    -- A price bought for the first time gets its id.
    insert into gateway.segment_price_types (organisation_id, name)
    select distinct org, price_name from added
    on conflict (organisation_id, name) do nothing
  )
  select array_agg(distinct customer_id) into purchased
    from (select customer_id from gone union all select customer_id from added) changed;
  -- The facts of the mirrored customers, where they or their purchases changed.
  update gateway.segment_facts s
     set orders = o.orders, amount_cents = o.amount_cents, last_day = o.last_day, days = o.days,
         running_cents = o.running_cents, bought_events = b.events, bought_prices = b.prices
    from unnest(customers) t (customer_id)
    left join gateway.segment_customer_orders o on o.organisation_id = org and o.customer_id = t.customer_id
    cross join lateral gateway.segment_bought(org, t.customer_id) b
   where s.organisation_id = org and s.customer_id = t.customer_id
     and ((s.orders, s.amount_cents, s.last_day, s.days, s.running_cents, s.bought_events, s.bought_prices)
          is distinct from (o.orders, o.amount_cents, o.last_day, o.days, o.running_cents, b.events, b.prices)
          -- Their purchases changed, though perhaps not what the columns above sum up (an event bought on another
          -- day): written all the same, so that a copy of the facts that reads the purchases with them (the
          -- segments in memory) reads them again.
          or t.customer_id = any (purchased));
  -- Marks, not customers: a batch that took fewer than `most` found no more than it took.
  return taken_marks;
end
$$;
