-- Segments: one row of facts per mirrored customer (issue 30's count budget: p95 ≤ 300 ms at a million customers
-- and two million orders). A count read the customer's fields (gateway.segment_customers), joined their order
-- totals (gateway.segment_customer_orders) and hashed their purchases (gateway.segment_customer_purchases): EXPLAIN
-- (ANALYZE, BUFFERS) at a million customers showed an OR of an order condition with a customer field joining all
-- million customers to the totals (a hash of 500,000 rows before a row could be judged), and "bought a price type"
-- hashing the 560,000 purchase rows of that price at every count. Now every condition but "bought … in a period"
-- and "on a waiting list" is a predicate on the customer's one row here, so a count is one scan of one table:
--   • the customer's fields, as segment_customers had them (that table goes: this one replaces it);
--   • their order totals with the order days and running sums (migrations 017 and 031), null without an order, as
--     the left join of the totals was;
--   • the events they bought (seats not removed of completed orders; "bought a production / an event type" is the
--     overlap with the events of those productions or types) and the price types they bought, as small ids of
--     gateway.segment_price_types (lower-cased names), null when they bought nothing.
-- Kept in step by the paths that kept the tables it reads: the mirror's customer triggers write the customer's
-- fields (a customer new to the mirror takes the totals and purchases already kept for them), and
-- segment_refresh_customer_orders copies a refreshed customer's totals and purchases here. The totals and purchase
-- tables stay: they are what the refresh compares with the mirror, and "bought … in a period" reads the purchases.

create table gateway.segment_price_types (
  id integer generated always as identity primary key,
  organisation_id bigint not null references gateway.organisations on delete cascade,
  -- Lower-cased, as segment_customer_purchases.price_name.
  name text not null,
  unique (organisation_id, name)
);

-- Fixed-width columns first: a scan reaches them without walking the row's variable-width ones.
create table gateway.segment_facts (
  organisation_id bigint not null references gateway.organisations on delete cascade,
  customer_id bigint not null,
  last_changed timestamptz not null,
  first_seen_at timestamptz not null default now(),
  zip_digits integer,
  optin boolean not null,
  mailinglist boolean not null,
  extra_optin boolean not null,
  orders integer,
  amount_cents bigint,
  last_day date,
  city text not null,
  country text not null,
  tags text[] not null,
  days date[],
  running_cents bigint[],
  bought_events bigint[],
  bought_prices integer[],
  -- customerCustom1..7 trimmed and lower-cased, null when empty or absent: a column each, as reading an element
  -- of segment_customers' array was a tenth of a count's time, and an empty one takes no room.
  custom1 text,
  custom2 text,
  custom3 text,
  custom4 text,
  custom5 text,
  custom6 text,
  custom7 text,
  primary key (organisation_id, customer_id)
);

-- The cities and countries of a rule as the facts hold them (migration 017's reading): immutable, so PostgreSQL
-- works them out while planning and weighs them against the column's statistics. Worked out in a subquery, they
-- were unknown to the planner, which then read the tags' index for 450,000 customers ahead of a country that
-- 3 % of them have (EXPLAIN: 66 ms before the scan began).
create function gateway.segment_fold_all(cities text[]) returns text[]
language sql immutable parallel safe as $$
  select array(select gateway.segment_fold(v) from unnest(cities) v)
$$;

create function gateway.segment_country_all(countries text[]) returns text[]
language sql immutable parallel safe as $$
  select array(select lower(btrim(coalesce(v, ''))) from unnest(countries) v)
$$;

-- What a customer bought, as facts hold it: their events and price type ids, ascending (null for nothing).
create function gateway.segment_bought(org bigint, customer bigint, out events bigint[], out prices integer[])
language sql stable parallel safe as $$
  select (select array_agg(distinct p.event_id order by p.event_id)
            from gateway.segment_customer_purchases p where p.organisation_id = org and p.customer_id = customer),
         -- The names first, then their ids: a desk's walk-in customer has tens of thousands of purchases.
         (select array_agg(t.id order by t.id)
            from gateway.segment_price_types t
           where t.organisation_id = org
             and t.name in (select p.price_name from gateway.segment_customer_purchases p
                             where p.organisation_id = org and p.customer_id = customer))
$$;

-- The customer's fields from the mirror (migration 017's reading of them) for the given rows of mirror_customers;
-- customers new here (`p_new`) take the totals and purchases already kept for them (their orders may be mirrored
-- before them). Rows, not ids: the trigger hands over its transition table without reading the table again.
create function gateway.segment_facts_write(p_rows gateway.mirror_customers[], p_new boolean) returns void
language plpgsql as $$
begin
  insert into gateway.segment_facts as s (organisation_id, customer_id, last_changed, zip_digits, optin, mailinglist,
    extra_optin, city, country, tags, custom1, custom2, custom3, custom4, custom5, custom6, custom7)
  select organisation_id, customer_id, last_changed, gateway.segment_zip_digits(body ->> 'customerZip'),
         gateway.segment_loose_flag(body -> 'customerPrefs' -> 'user_prefs_optin'),
         gateway.segment_loose_flag(body -> 'customerPrefs' -> 'user_prefs_mailinglist'),
         gateway.segment_loose_flag(body -> 'customerPrefs' -> 'user_prefs_extra_optin'),
         gateway.segment_fold(body ->> 'customerCity'), lower(btrim(coalesce(body ->> 'customerCountry', ''))), tags,
         nullif(gateway.segment_custom_value(body ->> 'customerCustom1'), ''),
         nullif(gateway.segment_custom_value(body ->> 'customerCustom2'), ''),
         nullif(gateway.segment_custom_value(body ->> 'customerCustom3'), ''),
         nullif(gateway.segment_custom_value(body ->> 'customerCustom4'), ''),
         nullif(gateway.segment_custom_value(body ->> 'customerCustom5'), ''),
         nullif(gateway.segment_custom_value(body ->> 'customerCustom6'), ''),
         nullif(gateway.segment_custom_value(body ->> 'customerCustom7'), '')
    from unnest(p_rows)
  on conflict (organisation_id, customer_id) do update
     set last_changed = excluded.last_changed, zip_digits = excluded.zip_digits, optin = excluded.optin,
         mailinglist = excluded.mailinglist, extra_optin = excluded.extra_optin, city = excluded.city,
         country = excluded.country, tags = excluded.tags, custom1 = excluded.custom1, custom2 = excluded.custom2,
         custom3 = excluded.custom3, custom4 = excluded.custom4, custom5 = excluded.custom5, custom6 = excluded.custom6,
         custom7 = excluded.custom7;
  if p_new then
    -- Only customers with kept totals bought anything (purchases are of completed orders).
    update gateway.segment_facts s
       set orders = o.orders, amount_cents = o.amount_cents, last_day = o.last_day, days = o.days,
           running_cents = o.running_cents, bought_events = b.events, bought_prices = b.prices
      from unnest(p_rows) m
      join gateway.segment_customer_orders o on o.organisation_id = m.organisation_id and o.customer_id = m.customer_id
      cross join lateral gateway.segment_bought(m.organisation_id, m.customer_id) b
     where s.organisation_id = m.organisation_id and s.customer_id = m.customer_id;
    -- A refresh of their orders under way (their marks taken, not committed yet) wrote no facts for a row it could
    -- not see, and this statement read the totals before it: marked again, the next refresh copies them.
    insert into gateway.segment_dirty_customers (organisation_id, customer_id)
    select distinct m.organisation_id, m.customer_id
      from unnest(p_rows) m
      join gateway.segment_dirty_customers d on d.organisation_id = m.organisation_id and d.customer_id = m.customer_id;
  end if;
end
$$;

create function gateway.segment_facts_changed() returns trigger language plpgsql as $$
begin
  if TG_OP = 'DELETE' then
    delete from gateway.segment_facts s using previous p
     where s.organisation_id = p.organisation_id and s.customer_id = p.customer_id;
  else
    perform gateway.segment_facts_write(array(select c::gateway.mirror_customers from changed c), TG_OP = 'INSERT');
  end if;
  return null;
end
$$;

-- The facts of the customers mirrored before this migration (1,000,000 customers with 2,000,000 orders: see README).
insert into gateway.segment_price_types (organisation_id, name)
select distinct organisation_id, price_name from gateway.segment_customer_purchases;

insert into gateway.segment_facts (organisation_id, customer_id, last_changed, first_seen_at, zip_digits, optin,
  mailinglist, extra_optin, city, country, tags, custom1, custom2, custom3, custom4, custom5, custom6, custom7, orders,
  amount_cents, last_day, days, running_cents, bought_events, bought_prices)
select c.organisation_id, c.customer_id, c.last_changed, c.first_seen_at, c.zip_digits, c.optin, c.mailinglist,
       c.extra_optin, c.city, c.country, c.tags, nullif(c.custom[1], ''), nullif(c.custom[2], ''),
       nullif(c.custom[3], ''), nullif(c.custom[4], ''), nullif(c.custom[5], ''), nullif(c.custom[6], ''),
       nullif(c.custom[7], ''), o.orders, o.amount_cents, o.last_day, o.days, o.running_cents, b.events, b.prices
  from gateway.segment_customers c
  left join gateway.segment_customer_orders o on o.organisation_id = c.organisation_id and o.customer_id = c.customer_id
  left join (
    select p.organisation_id, p.customer_id, array_agg(distinct p.event_id order by p.event_id) as events,
           array_agg(distinct t.id order by t.id) as prices
      from gateway.segment_customer_purchases p
      join gateway.segment_price_types t on t.organisation_id = p.organisation_id and t.name = p.price_name
     group by p.organisation_id, p.customer_id
  ) b on b.organisation_id = c.organisation_id and b.customer_id = c.customer_id
 order by c.organisation_id, c.customer_id;

drop trigger segment_customers_inserted on gateway.mirror_customers;
drop trigger segment_customers_updated on gateway.mirror_customers;
drop trigger segment_customers_deleted on gateway.mirror_customers;
drop function gateway.segment_customers_changed();
drop table gateway.segment_customers;

create trigger segment_facts_inserted after insert on gateway.mirror_customers
  referencing new table as changed for each statement execute function gateway.segment_facts_changed();
create trigger segment_facts_updated after update on gateway.mirror_customers
  referencing new table as changed for each statement execute function gateway.segment_facts_changed();
create trigger segment_facts_deleted after delete on gateway.mirror_customers
  referencing old table as previous for each statement execute function gateway.segment_facts_changed();

-- Migration 017's indexes of the customer's fields: a rare tag, city or zip is found without the scan.
create index segment_facts_tags on gateway.segment_facts using gin (tags);
create index segment_facts_city on gateway.segment_facts (organisation_id, city);
create index segment_facts_zip on gateway.segment_facts (organisation_id, zip_digits);
create index segment_facts_changed on gateway.segment_facts (organisation_id, last_changed);
create index segment_facts_first_seen on gateway.segment_facts (organisation_id, first_seen_at);

-- Migration 034's refresh, which now also copies what it changed into the customers' facts.
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
  ), added as (
    insert into gateway.segment_customer_purchases (organisation_id, customer_id, event_id, price_name, order_day)
    select org, w.customer_id, w.event_id, w.price_name, w.order_day
      from wanted w
     where not exists (
       select 1 from kept k
        where k.customer_id = w.customer_id and k.event_id = w.event_id and k.price_name = w.price_name
          and k.order_day = w.order_day)
    returning price_name
  )
  -- A price bought for the first time gets its id.
  insert into gateway.segment_price_types (organisation_id, name)
  select distinct org, price_name from added
  on conflict (organisation_id, name) do nothing;
  -- The facts of the mirrored customers, where they changed.
  update gateway.segment_facts s
     set orders = o.orders, amount_cents = o.amount_cents, last_day = o.last_day, days = o.days,
         running_cents = o.running_cents, bought_events = b.events, bought_prices = b.prices
    from unnest(customers) t (customer_id)
    left join gateway.segment_customer_orders o on o.organisation_id = org and o.customer_id = t.customer_id
    cross join lateral gateway.segment_bought(org, t.customer_id) b
   where s.organisation_id = org and s.customer_id = t.customer_id
     and (s.orders, s.amount_cents, s.last_day, s.days, s.running_cents, s.bought_events, s.bought_prices)
         is distinct from (o.orders, o.amount_cents, o.last_day, o.days, o.running_cents, b.events, b.prices);
  -- Marks, not customers: a batch that took fewer than `most` found no more than it took.
  return taken_marks;
end
$$;
