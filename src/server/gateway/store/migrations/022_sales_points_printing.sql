-- Sales points, printing and the cash drawer (issue 31 items 1-3). A sales point is a named desk with its
-- receipt and ticket printers, whether a cash drawer hangs on its receipt printer, the payment methods it offers
-- first, and optionally the addresses it may be used from. A seller opens a shift at one; the shift (and so its
-- sales) and every print record it. The database keeps the rules no code path may break: one open shift per
-- sales point, no disabling one while a shift is open at it, a print job sent by one instance at a time.

create table gateway.sales_points (
  id bigserial primary key,
  organisation_id bigint not null references gateway.organisations on delete cascade,
  name text not null check (char_length(name) between 1 and 60 and name = btrim(name)),
  enabled boolean not null default true,
  -- { "host", "port", "paperWidth": 80|58, "language": "esc-pos"|"star-prnt" } or null (no such printer: the
  -- browser's print view is the way). Validated by the contract (src/contract/sales-points.ts).
  receipt_printer jsonb check (receipt_printer is null or jsonb_typeof(receipt_printer) = 'object'),
  ticket_printer jsonb check (ticket_printer is null or jsonb_typeof(ticket_printer) = 'object'),
  -- A drawer on the receipt printer's kick-out port, opened by its pulse.
  cash_drawer boolean not null default false,
  -- The service's payment method ids, the first the checkout's default.
  payment_method_ids bigint[] not null default '{}',
  -- Where the sales point may be used from (the client address as TRUST_PROXY reads it); null: anywhere.
  allowed_range cidr,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index sales_points_name on gateway.sales_points (organisation_id, lower(name));

alter table gateway.shifts add column sales_point_id bigint references gateway.sales_points;
create unique index shifts_one_open_per_sales_point on gateway.shifts (sales_point_id)
  where status = 'open' and sales_point_id is not null;

-- A disabled sales point takes no shift, and one with an open shift is not disabled: both checked under the
-- sales point's row lock, so an opening and a disabling at the same moment cannot both succeed.
create function gateway.sales_point_shift_guard() returns trigger language plpgsql as $$
begin
  if tg_table_name = 'shifts' then
    if new.sales_point_id is not null and not exists (
      select 1 from gateway.sales_points where id = new.sales_point_id and enabled for share
    ) then
      raise exception 'sales point % is disabled', new.sales_point_id using errcode = 'check_violation',
        constraint = 'sales_point_enabled';
    end if;
  elsif old.enabled and not new.enabled and exists (
    select 1 from gateway.shifts where sales_point_id = new.id and status = 'open'
  ) then
    raise exception 'sales point % has an open shift', new.id using errcode = 'check_violation',
      constraint = 'sales_point_without_open_shift';
  end if;
  return new;
end
$$;
create trigger shifts_sales_point_enabled before insert on gateway.shifts
  for each row execute function gateway.sales_point_shift_guard();
create trigger sales_points_disable_guard before update of enabled on gateway.sales_points
  for each row execute function gateway.sales_point_shift_guard();

-- Every opening of a shift's cash drawer (a cash sale's receipt, "no sale", cash-up), counted in its Z-report.
-- Written when the printer took the pulse.
create table gateway.shift_drawer_openings (
  id bigserial primary key,
  organisation_id bigint not null,
  shift_id bigint not null references gateway.shifts,
  reason text not null check (reason in ('sale', 'no-sale', 'cash-up')),
  opened_at timestamptz not null default now(),
  -- One opening per print job (a retried job that reached the printer twice still opened it once).
  print_job_id bigint unique
);
create index shift_drawer_openings_shift on gateway.shift_drawer_openings (shift_id);

-- What the gateway sends to a printer: the byte stream as built at the request (so a retry prints the same,
-- and needs nothing of the service), where to, and what became of it.
create table gateway.print_jobs (
  id bigserial primary key,
  organisation_id bigint not null references gateway.organisations on delete cascade,
  sales_point_id bigint not null references gateway.sales_points,
  shift_id bigint references gateway.shifts,
  order_id bigint,
  kind text not null check (kind in ('receipt', 'tickets', 'drawer')),
  reprint boolean not null default false,
  -- The printer as it was set when the job was made: { "role": "receipt"|"ticket", "host", "port", "paperWidth",
  -- "language" }.
  printer jsonb not null,
  payload bytea not null,
  -- Why the job opens the drawer (null: it does not).
  drawer_reason text check (drawer_reason in ('sale', 'no-sale', 'cash-up')),
  status text not null default 'queued' check (status in ('queued', 'sending', 'sent', 'failed')),
  attempts int not null default 0,
  -- The printer's or the network's error of the last attempt, and whether the printer said it has no paper.
  error text,
  out_of_paper boolean not null default false,
  -- Held by the instance sending it until then: another picks it up only after (a crashed sender).
  lease_until timestamptz,
  requested_by bigint references gateway.accounts,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index print_jobs_of_sales_point on gateway.print_jobs (sales_point_id, id desc);
create index print_jobs_to_send on gateway.print_jobs (id) where status in ('queued', 'sending');

-- The new permissions reach the preset roles of organisations made before them, as ROLE_PRESETS gives them to
-- new ones: "no sale" to the box office, setting up sales points to administrators (who hold every permission).
update gateway.roles
   set permissions = array(select distinct p from unnest(permissions || array['sales:no-sale']) p)
 where preset and key = 'box-office';
update gateway.roles
   set permissions = array(select distinct p from unnest(permissions || array['sales:no-sale', 'sales-points:manage']) p)
 where preset and key = 'administrator';
