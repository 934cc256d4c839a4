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
