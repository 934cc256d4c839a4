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

-- When Foyer's mirror first saw a customer: the interface has no creation date, so "created in a period" reads
-- this. The mirror's upsert does not name the column, so it keeps the first sighting.
alter table gateway.mirror_customers add column first_seen_at timestamptz not null default now();

-- Indexes of the segment counts (gateway/segments/segment-sql.ts; figures in README, `npm run bench:segments`):
-- tags by GIN (has any / all / none), city and zip by their folded forms, the record dates.
create index segment_customers_tags on gateway.mirror_customers using gin (tags);
create index segment_customers_city on gateway.mirror_customers
  (organisation_id, gateway.segment_fold(body ->> 'customerCity'));
create index segment_customers_zip on gateway.mirror_customers
  (organisation_id, gateway.segment_zip_digits(body ->> 'customerZip'));
create index segment_customers_first_seen on gateway.mirror_customers (organisation_id, first_seen_at);
-- Completed orders (contract: COMPLETED_ORDER_STATUSES, paid) by day with their buyer and amount, read by
-- index only: "ordered twice in 2026" aggregates this, never the orders' rows.
create index segment_orders_completed on gateway.mirror_orders (organisation_id, order_day)
  include (customer_id, amount_cents)
  where customer_id is not null and order_status in ('ord', 'reemit', 'reissue') and payment_status = 'paid';
-- The same by buyer: the preview's totals per member, and "last purchase".
create index segment_orders_completed_customer on gateway.mirror_orders (organisation_id, customer_id, order_day)
  include (amount_cents)
  where customer_id is not null and order_status in ('ord', 'reemit', 'reissue') and payment_status = 'paid';
create index segment_order_seats_price on gateway.mirror_order_seats (organisation_id, lower(price_name))
  where not deleted;
create index segment_waiting_list_customer on gateway.mirror_waiting_list (organisation_id, customer_id);
