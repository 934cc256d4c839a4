-- Reports from the mirror and CRM exports kept on the server (issue 21, items 3 and 4).

-- The venue's calendar day of an order: the date part of orderDate as the service wrote it (partner datetimes
-- carry the client's own offset), so "orders of 23 November" means that day at the venue, whatever the time
-- zone of the server or the browser. Stored, so grouping 50,000 orders by day reads a column, not JSON.
alter table gateway.mirror_orders add column order_day date generated always as (
  make_date(
    substr(body ->> 'orderDate', 1, 4)::integer,
    substr(body ->> 'orderDate', 6, 2)::integer,
    substr(body ->> 'orderDate', 9, 2)::integer
  )
) stored;
create index mirror_orders_day on gateway.mirror_orders (organisation_id, order_day);
-- The analysis's rows sorted by amount read this index from either end instead of sorting the period.
create index mirror_orders_amount on gateway.mirror_orders (organisation_id, amount_cents, order_id);

-- Daily rollups of the mirror, per organisation: every combination of order status, payment status, channel
-- and payment method on a day, with its orders and their sums (report_order_days); the same per event the
-- orders have seats of (report_event_days) and per price name (report_price_days), with those seats' own
-- count and revenue beside the orders' sums. A year is a few thousand rows instead of 50,000 orders and
-- their lines, so totals, groups, choices and charts are sums over them (reports/report-rollups.ts).
-- `tickets` counts all the (not deleted) seats of the orders; `seat_tickets`/`seat_revenue_cents` only those
-- of the row's event or price name. An order lies on one day, so every sum adds up across days.
create table gateway.report_order_days (
  organisation_id bigint not null references gateway.organisations on delete cascade,
  order_day date not null,
  order_status text not null,
  payment_status text not null,
  channel text not null,
  payment_method text not null,
  orders integer not null,
  amount_cents bigint not null,
  fee_cents bigint not null,
  donation_cents bigint not null,
  tickets bigint not null,
  primary key (organisation_id, order_day, order_status, payment_status, channel, payment_method)
);

create table gateway.report_event_days (
  organisation_id bigint not null references gateway.organisations on delete cascade,
  order_day date not null,
  order_status text not null,
  payment_status text not null,
  channel text not null,
  payment_method text not null,
  event_id bigint not null,
  orders integer not null,
  amount_cents bigint not null,
  fee_cents bigint not null,
  donation_cents bigint not null,
  tickets bigint not null,
  seat_tickets bigint not null,
  seat_revenue_cents bigint not null,
  primary key (organisation_id, order_day, order_status, payment_status, channel, payment_method, event_id)
);
create index report_event_days_event on gateway.report_event_days (organisation_id, event_id);

create table gateway.report_price_days (
  organisation_id bigint not null references gateway.organisations on delete cascade,
  order_day date not null,
  order_status text not null,
  payment_status text not null,
  channel text not null,
  payment_method text not null,
  price_name text not null,
  orders integer not null,
  amount_cents bigint not null,
  fee_cents bigint not null,
  donation_cents bigint not null,
  tickets bigint not null,
  seat_tickets bigint not null,
  seat_revenue_cents bigint not null,
  primary key (organisation_id, order_day, order_status, payment_status, channel, payment_method, price_name)
);

-- The days whose rollups no longer match the mirror. Whatever writes the mirror (the sync, a write-through)
-- marks them in its own transaction through the triggers below; the next report rebuilds just those days.
-- No foreign key: the mirror's rows of a removed organisation go with it, and their trigger marks days of it.
create table gateway.report_dirty_days (
  organisation_id bigint not null,
  order_day date not null,
  primary key (organisation_id, order_day)
);

create function gateway.report_mark_order_days() returns trigger language plpgsql as $$
begin
  insert into gateway.report_dirty_days (organisation_id, order_day)
  select distinct organisation_id, order_day from changed where order_day is not null
  on conflict do nothing;
  return null;
end
$$;

create function gateway.report_mark_line_days() returns trigger language plpgsql as $$
begin
  insert into gateway.report_dirty_days (organisation_id, order_day)
  select distinct o.organisation_id, o.order_day
    from (select distinct organisation_id, order_id from changed) c
    join gateway.mirror_orders o on o.organisation_id = c.organisation_id and o.order_id = c.order_id
   where o.order_day is not null
  on conflict do nothing;
  return null;
end
$$;

-- Statement triggers with transition tables: one insert into the dirty days per statement of the sync,
-- however many rows it wrote. (A trigger with a transition table may name one event only.)
create trigger report_orders_inserted after insert on gateway.mirror_orders
  referencing new table as changed for each statement execute function gateway.report_mark_order_days();
create trigger report_orders_updated after update on gateway.mirror_orders
  referencing new table as changed for each statement execute function gateway.report_mark_order_days();
create trigger report_orders_deleted after delete on gateway.mirror_orders
  referencing old table as changed for each statement execute function gateway.report_mark_order_days();
create trigger report_lines_inserted after insert on gateway.mirror_order_seats
  referencing new table as changed for each statement execute function gateway.report_mark_line_days();
create trigger report_lines_deleted after delete on gateway.mirror_order_seats
  referencing old table as changed for each statement execute function gateway.report_mark_line_days();

-- A mirror filled before this migration: every day of it is built on the first report.
insert into gateway.report_dirty_days (organisation_id, order_day)
select distinct organisation_id, order_day from gateway.mirror_orders where order_day is not null;

-- Per organisation and stream: the high-watermark of the last complete incremental export, the same for every
-- manager (it used to live in one browser's localStorage). Streams: 'customers', 'orders', 'order-seats' and
-- 'waitinglist' for the exports page, 'schedule:<id>' for each scheduled export (a CRM feed of its own).
-- `boundary` holds fingerprints of the records stamped with `at`: changedSince is inclusive and timestamps
-- have whole seconds, so those come again and are skipped unless they changed (exports/watermark.ts).
create table gateway.export_watermarks (
  organisation_id bigint not null references gateway.organisations on delete cascade,
  stream text not null,
  at timestamptz not null,
  boundary text[] not null default '{}',
  saved_at timestamptz not null default now(),
  saved_by bigint references gateway.accounts on delete set null,
  primary key (organisation_id, stream)
);

-- An export streamed to a browser. Its watermark moves only when the browser says the file is complete
-- (POST /api/exports/runs/{id}/complete): a download that broke off leaves it where it was.
create table gateway.export_runs (
  id bigserial primary key,
  organisation_id bigint not null references gateway.organisations on delete cascade,
  account_id bigint references gateway.accounts on delete set null,
  stream text not null,
  status text not null check (status in ('running', 'streamed', 'completed', 'failed')),
  since_at timestamptz,
  next_at timestamptz,
  next_boundary text[],
  record_count integer,
  row_count integer,
  skipped_count integer,
  started_at timestamptz not null default now(),
  finished_at timestamptz
);
create index export_runs_started on gateway.export_runs (organisation_id, started_at);

-- Exports a manager scheduled: kind, shape, format and a time of day in a time zone. One instance runs a
-- due schedule: it takes the lease with a conditional update (lease_holder/lease_expires_at), and only the
-- holder may write the outcome.
create table gateway.export_schedules (
  id bigserial primary key,
  organisation_id bigint not null references gateway.organisations on delete cascade,
  kind text not null check (kind in ('customers', 'orders', 'waitinglist', 'clienttypes')),
  row_shape text not null default 'order' check (row_shape in ('order', 'seat')),
  format text not null check (format in ('csv', 'jsonl')),
  delimiter text not null default 'comma' check (delimiter in ('comma', 'semicolon')),
  mode text not null check (mode in ('full', 'changes')),
  time_of_day text not null check (time_of_day ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  time_zone text not null,
  enabled boolean not null default true,
  next_run_at timestamptz not null,
  lease_holder text,
  lease_expires_at timestamptz,
  last_run_at timestamptz,
  last_error text,
  created_by bigint references gateway.accounts on delete set null,
  created_at timestamptz not null default now()
);
create index export_schedules_due on gateway.export_schedules (next_run_at) where enabled;

-- Files the schedules wrote into EXPORT_DIR (`<organisation id>/<file_name>`), listed for download.
create table gateway.export_files (
  id bigserial primary key,
  organisation_id bigint not null references gateway.organisations on delete cascade,
  schedule_id bigint references gateway.export_schedules on delete set null,
  kind text not null,
  row_shape text not null,
  format text not null,
  mode text not null,
  file_name text not null,
  bytes bigint not null,
  row_count integer not null,
  record_count integer not null,
  -- Where an incremental file started (null: full) and the watermark after it.
  since_at timestamptz,
  watermark_at timestamptz,
  source text not null check (source in ('mirror', 'service')),
  created_at timestamptz not null default now(),
  unique (organisation_id, file_name)
);
create index export_files_listed on gateway.export_files (organisation_id, created_at desc);
