-- The mirror: one synced copy per organisation of what the interface only offers as paginated exports
-- (spec section 4): customers with tags and prefs, orders with seats and deleted seats, the waiting list.
-- Filled by one full export, then kept fresh with `changedSince` (mirror/ in the gateway). Search and reports
-- read these tables, so no browser downloads the customer base or a period's orders any more.
-- Money is integer cents, as inside the service (partner decimals are JSON numbers).

create table gateway.mirror_customers (
  organisation_id bigint not null references gateway.organisations on delete cascade,
  customer_id bigint not null,
  email text not null,
  -- The service's lastChanged: the sync's high-watermark is the greatest of these.
  last_changed timestamptz not null,
  -- customerTags split (the interface sends a comma-separated string or null).
  tags text[] not null default '{}',
  -- The Customer as the service returned it, served to the app as it is.
  body jsonb not null,
  mirrored_at timestamptz not null default now(),
  primary key (organisation_id, customer_id)
);
create index mirror_customers_changed on gateway.mirror_customers (organisation_id, last_changed);
create index mirror_customers_email on gateway.mirror_customers (organisation_id, lower(email));

create table gateway.mirror_orders (
  organisation_id bigint not null references gateway.organisations on delete cascade,
  order_id bigint not null,
  order_key text not null,
  customer_id bigint,
  order_status text not null,
  payment_status text not null,
  -- `www` webshop, `sp` sales point.
  channel text not null,
  -- handlingTextPayment: the payment method's label.
  payment_method text not null,
  order_date timestamptz not null,
  time_out timestamptz,
  amount_cents bigint not null,
  fee_cents bigint not null,
  donation_cents bigint not null,
  discount_name text,
  last_changed timestamptz not null,
  -- The OrderExport as returned, without `user` (that customer is in mirror_customers) and without the seat
  -- arrays (those are rows of mirror_order_seats).
  body jsonb not null,
  mirrored_at timestamptz not null default now(),
  primary key (organisation_id, order_id)
);
create index mirror_orders_changed on gateway.mirror_orders (organisation_id, last_changed);
create index mirror_orders_date on gateway.mirror_orders (organisation_id, order_date);
create index mirror_orders_customer on gateway.mirror_orders (organisation_id, customer_id) where customer_id is not null;
create index mirror_orders_reservations on gateway.mirror_orders (organisation_id, time_out) where order_status = 'res';

-- One row per line of `seats` (deleted = false) and of `deletedSeats` (deleted = true). An order's lines are
-- replaced as a whole whenever the order is mirrored again.
create table gateway.mirror_order_seats (
  organisation_id bigint not null,
  order_id bigint not null,
  line_no integer not null,
  deleted boolean not null,
  seat_id bigint not null,
  event_id bigint not null,
  rank_id bigint not null,
  row_nr integer not null,
  seat_nr integer not null,
  amount_cents bigint not null,
  price_id text not null,
  price_name text not null,
  primary key (organisation_id, order_id, deleted, line_no),
  foreign key (organisation_id, order_id) references gateway.mirror_orders on delete cascade
);
create index mirror_order_seats_event on gateway.mirror_order_seats (organisation_id, event_id);

create table gateway.mirror_waiting_list (
  organisation_id bigint not null references gateway.organisations on delete cascade,
  waiting_id bigint not null,
  customer_id bigint not null,
  event_id bigint not null,
  number_of_tickets integer not null,
  type text not null,
  -- The waiting list's watermark column (spec section 4: `createdAt`).
  created_at timestamptz not null,
  notified_at timestamptz,
  mirrored_at timestamptz not null default now(),
  primary key (organisation_id, waiting_id)
);
create index mirror_waiting_list_created on gateway.mirror_waiting_list (organisation_id, created_at);
create index mirror_waiting_list_event on gateway.mirror_waiting_list (organisation_id, event_id);

-- Per organisation and resource ('customers', 'orders', 'waitinglist'): where the sync stands. Kept here, not
-- in a process, so every instance resumes from the same watermark.
create table gateway.mirror_sync_state (
  organisation_id bigint not null references gateway.organisations on delete cascade,
  resource text not null check (resource in ('customers', 'orders', 'waitinglist')),
  -- The greatest lastChanged (createdAt for the waiting list) mirrored so far; null until the first full sync.
  watermark timestamptz,
  full_sync_started_at timestamptz,
  full_sync_finished_at timestamptz,
  last_attempt_at timestamptz,
  last_success_at timestamptz,
  last_error text,
  primary key (organisation_id, resource)
);

-- At most one sync per organisation across all instances: whoever holds an unexpired lease syncs.
create table gateway.mirror_sync_leases (
  organisation_id bigint primary key references gateway.organisations on delete cascade,
  holder text not null,
  expires_at timestamptz not null
);
