-- Segments (issue 30, item 1): saved rules over the mirror, and what counting them over a million customers needs.

-- A saved segment: its rule is data (src/contract/segments.ts), compiled to a parameterised statement when it is
-- counted; never SQL. Shared by everyone of the organisation who manages segments.
create table gateway.segments (
  id bigserial primary key,
  organisation_id bigint not null references gateway.organisations on delete cascade,
  name text not null,
  description text not null default '',
  rule jsonb not null,
  created_by bigint references gateway.accounts on delete set null,
  created_at timestamptz not null default now(),
  updated_by bigint references gateway.accounts on delete set null,
  updated_at timestamptz not null default now()
);
create unique index segments_name on gateway.segments (organisation_id, lower(name));

-- The service's events as the segment rules name them (a production, an event type): the mirror's seats carry
-- only an event id. Refreshed from the service's event list whenever a person builds or counts a segment
-- (segments/segment-events.ts), so rules counted in the background (auto tags) use the last list read.
create table gateway.segment_events (
  organisation_id bigint not null references gateway.organisations on delete cascade,
  event_id bigint not null,
  production_id bigint not null,
  production_title text not null,
  event_type text,
  primary key (organisation_id, event_id)
);
create index segment_events_production on gateway.segment_events (organisation_id, production_id);

-- Case- and accent-insensitive text, as a city is compared ("Den Haag" = "den haag", "Zürich" = "Zurich"):
-- translate() rather than unaccent(), which is not immutable and so cannot back an index.
create function gateway.segment_fold(value text) returns text
language sql immutable parallel safe as $$
  select lower(translate(btrim(coalesce(value, '')),
    'ÀÁÂÃÄÅàáâãäåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕÖØòóôõöøÙÚÛÜùúûüÝýÿÇçÑñ',
    'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOOooooooUUUUuuuuYyyCcNn'))
$$;

-- A Dutch zip's four digits as a number ("3511 AB" → 3511); null for a zip that does not start with four.
create function gateway.segment_zip_digits(zip text) returns integer
language sql immutable parallel safe as $$
  select (substring(coalesce(zip, '') from '^\s*(\d{4})'))::integer
$$;

-- Per mirrored customer, what segment rules ask of them, in plain narrow columns: the city folded, the zip's four
-- digits, the country, the opt-ins read loosely (spec 2.7: "1"/1/true; a missing key or no preferences is off),
-- the custom fields trimmed and lower-cased, the tags and dates. A count reads these rows (about a tenth of the
-- mirror's rows with their JSON) instead of taking every customer's JSON apart. Kept in step with
-- gateway.mirror_customers by the statement triggers below, in the transaction that writes the mirror.
-- `first_seen_at`: the interface gives no creation date, so "created in a period" is when Foyer first saw the
-- customer (the upsert does not touch it).
create table gateway.segment_customers (
  organisation_id bigint not null references gateway.organisations on delete cascade,
  customer_id bigint not null,
  city text not null,
  zip_digits integer,
  country text not null,
  tags text[] not null,
  optin boolean not null,
  mailinglist boolean not null,
  extra_optin boolean not null,
  -- customerCustom1..7, trimmed and lower-cased ('' when empty or absent).
  custom text[] not null,
  last_changed timestamptz not null,
  first_seen_at timestamptz not null default now(),
  primary key (organisation_id, customer_id)
);

create function gateway.segment_loose_flag(value jsonb) returns boolean
language sql immutable parallel safe as $$
  select coalesce(case jsonb_typeof(value)
    when 'boolean' then value::text = 'true'
    when 'number' then value::text::numeric <> 0
    when 'string' then lower(btrim(value #>> '{}')) in ('1', 'true', 'yes', 'on', 'y', 'j', 'ja')
    else false end, false)
$$;

create function gateway.segment_custom_value(value text) returns text
language sql immutable parallel safe as $$
  select lower(btrim(coalesce(value, '')))
$$;

create function gateway.segment_customers_changed() returns trigger language plpgsql as $$
begin
  if TG_OP = 'DELETE' then
    delete from gateway.segment_customers s using previous p
     where s.organisation_id = p.organisation_id and s.customer_id = p.customer_id;
    return null;
  end if;
  insert into gateway.segment_customers as s (organisation_id, customer_id, city, zip_digits, country, tags, optin,
    mailinglist, extra_optin, custom, last_changed)
  select organisation_id, customer_id, gateway.segment_fold(body ->> 'customerCity'),
         gateway.segment_zip_digits(body ->> 'customerZip'), lower(btrim(coalesce(body ->> 'customerCountry', ''))),
         tags, gateway.segment_loose_flag(body -> 'customerPrefs' -> 'user_prefs_optin'),
         gateway.segment_loose_flag(body -> 'customerPrefs' -> 'user_prefs_mailinglist'),
         gateway.segment_loose_flag(body -> 'customerPrefs' -> 'user_prefs_extra_optin'),
         array[gateway.segment_custom_value(body ->> 'customerCustom1'), gateway.segment_custom_value(body ->> 'customerCustom2'),
               gateway.segment_custom_value(body ->> 'customerCustom3'), gateway.segment_custom_value(body ->> 'customerCustom4'),
               gateway.segment_custom_value(body ->> 'customerCustom5'), gateway.segment_custom_value(body ->> 'customerCustom6'),
               gateway.segment_custom_value(body ->> 'customerCustom7')],
         last_changed
    from changed
  on conflict (organisation_id, customer_id) do update
     set city = excluded.city, zip_digits = excluded.zip_digits, country = excluded.country, tags = excluded.tags,
         optin = excluded.optin, mailinglist = excluded.mailinglist, extra_optin = excluded.extra_optin,
         custom = excluded.custom, last_changed = excluded.last_changed;
  return null;
end
$$;

create trigger segment_customers_inserted after insert on gateway.mirror_customers
  referencing new table as changed for each statement execute function gateway.segment_customers_changed();
create trigger segment_customers_updated after update on gateway.mirror_customers
  referencing new table as changed for each statement execute function gateway.segment_customers_changed();
create trigger segment_customers_deleted after delete on gateway.mirror_customers
  referencing old table as previous for each statement execute function gateway.segment_customers_changed();

-- A mirror filled before this migration: its customers, first seen now.
insert into gateway.segment_customers (organisation_id, customer_id, city, zip_digits, country, tags, optin,
  mailinglist, extra_optin, custom, last_changed)
select organisation_id, customer_id, gateway.segment_fold(body ->> 'customerCity'),
       gateway.segment_zip_digits(body ->> 'customerZip'), lower(btrim(coalesce(body ->> 'customerCountry', ''))),
       tags, gateway.segment_loose_flag(body -> 'customerPrefs' -> 'user_prefs_optin'),
       gateway.segment_loose_flag(body -> 'customerPrefs' -> 'user_prefs_mailinglist'),
       gateway.segment_loose_flag(body -> 'customerPrefs' -> 'user_prefs_extra_optin'),
       array[gateway.segment_custom_value(body ->> 'customerCustom1'), gateway.segment_custom_value(body ->> 'customerCustom2'),
             gateway.segment_custom_value(body ->> 'customerCustom3'), gateway.segment_custom_value(body ->> 'customerCustom4'),
             gateway.segment_custom_value(body ->> 'customerCustom5'), gateway.segment_custom_value(body ->> 'customerCustom6'),
             gateway.segment_custom_value(body ->> 'customerCustom7')],
       last_changed
  from gateway.mirror_customers;

-- Indexes of the segment counts (gateway/segments/segment-sql.ts; figures in README, `npm run bench:segments`).
create index segment_customers_tags on gateway.segment_customers using gin (tags);
create index segment_customers_city on gateway.segment_customers (organisation_id, city);
create index segment_customers_zip on gateway.segment_customers (organisation_id, zip_digits);
create index segment_customers_changed on gateway.segment_customers (organisation_id, last_changed);
create index segment_customers_first_seen on gateway.segment_customers (organisation_id, first_seen_at);
-- Completed orders (contract: COMPLETED_ORDER_STATUSES, paid) by day with their buyer and amount, read by
-- index only: "ordered twice in 2026" aggregates this, never the orders' rows.
create index segment_orders_completed on gateway.mirror_orders (organisation_id, order_day)
  include (customer_id, amount_cents)
  where customer_id is not null and order_status in ('ord', 'reemit', 'reissue') and payment_status = 'paid';
-- The same by buyer: the preview's totals per member, and "last purchase".
create index segment_orders_completed_customer on gateway.mirror_orders (organisation_id, customer_id, order_day)
  include (amount_cents)
  where customer_id is not null and order_status in ('ord', 'reemit', 'reissue') and payment_status = 'paid';
create index segment_waiting_list_customer on gateway.mirror_waiting_list (organisation_id, customer_id);

-- Per customer, their completed orders of all time (contract: COMPLETED_ORDER_STATUSES, paid): how many, the
-- amount, the first and the last day. "Last purchase before/after", "orders (ever) at least" and the preview's
-- totals read one row per customer here instead of aggregating two million orders.
create table gateway.segment_customer_orders (
  organisation_id bigint not null references gateway.organisations on delete cascade,
  customer_id bigint not null,
  orders integer not null,
  amount_cents bigint not null,
  first_day date not null,
  last_day date not null,
  primary key (organisation_id, customer_id)
);
create index segment_customer_orders_last on gateway.segment_customer_orders (organisation_id, last_day);
create index segment_customer_orders_count on gateway.segment_customer_orders (organisation_id, orders);

-- Per customer, what they bought: each (performance, price name, day) of a seat not removed of a completed order,
-- once. "Bought a production / an event type / a price type (in a period)" reads these by index instead of
-- joining every seat to its order. Kept with the totals above (segment_refresh_customer_orders).
create table gateway.segment_customer_purchases (
  organisation_id bigint not null references gateway.organisations on delete cascade,
  customer_id bigint not null,
  event_id bigint not null,
  -- Lower-cased: price types are compared ignoring case.
  price_name text not null,
  order_day date not null
);
create index segment_purchases_customer on gateway.segment_customer_purchases (organisation_id, customer_id);
create index segment_purchases_event on gateway.segment_customer_purchases (organisation_id, event_id, order_day)
  include (customer_id);
create index segment_purchases_price on gateway.segment_customer_purchases (organisation_id, price_name, order_day)
  include (customer_id);

-- The customers whose totals no longer match the mirror, marked by whatever writes gateway.mirror_orders (the
-- sync, a sale's write-through, a test) in its own transaction through the triggers below. Plain rows, as
-- report_dirty_days (013): a sale never waits on another sale of the same customer (a desk's walk-in customer)
-- for a totals row. The next count takes the marks it sees and brings those customers' totals up to date
-- (segment_refresh_customer_orders); a mark it cannot see belongs to a write not committed yet, left for the next.
create table gateway.segment_dirty_customers (
  organisation_id bigint not null,
  customer_id bigint not null
);
create index segment_dirty_customers_organisation on gateway.segment_dirty_customers (organisation_id);

create function gateway.segment_mark_customers() returns trigger language plpgsql as $$
begin
  if TG_OP = 'INSERT' then
    insert into gateway.segment_dirty_customers (organisation_id, customer_id)
    select distinct organisation_id, customer_id from changed where customer_id is not null;
  elsif TG_OP = 'UPDATE' then
    insert into gateway.segment_dirty_customers (organisation_id, customer_id)
    select organisation_id, customer_id from changed where customer_id is not null
    union select organisation_id, customer_id from previous where customer_id is not null;
  else
    insert into gateway.segment_dirty_customers (organisation_id, customer_id)
    select distinct organisation_id, customer_id from previous where customer_id is not null;
  end if;
  return null;
end
$$;

create trigger segment_orders_inserted after insert on gateway.mirror_orders
  referencing new table as changed for each statement execute function gateway.segment_mark_customers();
create trigger segment_orders_updated after update on gateway.mirror_orders
  referencing old table as previous new table as changed
  for each statement execute function gateway.segment_mark_customers();
create trigger segment_orders_deleted after delete on gateway.mirror_orders
  referencing old table as previous for each statement execute function gateway.segment_mark_customers();

-- Takes the organisation's marks and brings those customers' totals and purchases up to date; returns how many.
create function gateway.segment_refresh_customer_orders(org bigint) returns integer language plpgsql as $$
declare
  customers bigint[];
begin
  with taken as (delete from gateway.segment_dirty_customers where organisation_id = org returning customer_id)
  select array_agg(distinct customer_id) into customers from taken;
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
  return array_length(customers, 1);
end
$$;

-- A mirror filled before this migration.
insert into gateway.segment_customer_purchases (organisation_id, customer_id, event_id, price_name, order_day)
select distinct o.organisation_id, o.customer_id, s.event_id, lower(s.price_name), o.order_day
  from gateway.mirror_orders o
  join gateway.mirror_order_seats s on s.organisation_id = o.organisation_id and s.order_id = o.order_id and not s.deleted
 where o.customer_id is not null and o.order_status in ('ord', 'reemit', 'reissue') and o.payment_status = 'paid'
   and o.order_day is not null;
insert into gateway.segment_customer_orders (organisation_id, customer_id, orders, amount_cents, first_day, last_day)
select organisation_id, customer_id, count(*), sum(amount_cents), min(order_day), max(order_day)
  from gateway.mirror_orders
 where customer_id is not null and order_status in ('ord', 'reemit', 'reissue') and payment_status = 'paid'
   and order_day is not null
 group by organisation_id, customer_id;
