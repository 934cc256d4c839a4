-- Shifts and cash-up (issue 20 item 2): a seller opens a shift at a desk with an opening float; every sale they
-- check out through the gateway while it is open is attached to it; at the end they count the cash and the card
-- terminal's total and close it (a Z-report is kept); a second person signs it off. Money is integer cents.
-- The rules that matter are the database's own, so no code path (or second instance) can break them: one open
-- shift per seller and per desk (unique partial indexes), a reason for every difference, no sign-off by the
-- seller or the one who closed it, and a closed shift's count and report never change (trigger).

create table gateway.desks (
  id bigserial primary key,
  organisation_id bigint not null references gateway.organisations on delete cascade,
  name text not null check (char_length(name) between 1 and 60 and name = btrim(name)),
  created_at timestamptz not null default now(),
  -- The picker offers the desks last used first.
  last_used_at timestamptz not null default now()
);
create unique index desks_name on gateway.desks (organisation_id, lower(name));

create table gateway.shifts (
  id bigserial primary key,
  organisation_id bigint not null references gateway.organisations on delete cascade,
  desk_id bigint not null references gateway.desks,
  -- The seller.
  account_id bigint not null references gateway.accounts,
  status text not null default 'open' check (status in ('open', 'closed', 'signed-off')),
  opened_at timestamptz not null default now(),
  -- The IANA zone the desk works in (its browser's, at opening): "past midnight" is midnight there.
  time_zone text not null,
  opening_float_cents bigint not null check (opening_float_cents between 0 and 100000000),
  closed_at timestamptz,
  -- The seller, or a reviewer who closed a shift left open.
  closed_by bigint references gateway.accounts,
  -- Expected: the float plus the cash sales; the card sales. Counted: what the seller counted and the
  -- terminal's total.
  expected_cash_cents bigint,
  expected_card_cents bigint,
  counted_cash_cents bigint check (counted_cash_cents between 0 and 100000000),
  counted_card_cents bigint check (counted_card_cents between 0 and 100000000),
  difference_reason text check (char_length(difference_reason) <= 500),
  -- The Z-report as it was made at closing (shift/z-report.ts); never changed afterwards.
  z_report jsonb,
  signed_off_at timestamptz,
  signed_off_by bigint references gateway.accounts,
  sign_off_note text check (char_length(sign_off_note) <= 500),
  constraint shifts_closing_complete check (
    (status = 'open' and closed_at is null and closed_by is null and expected_cash_cents is null
      and expected_card_cents is null and counted_cash_cents is null and counted_card_cents is null
      and difference_reason is null and z_report is null)
    or (status <> 'open' and closed_at is not null and closed_by is not null and expected_cash_cents is not null
      and expected_card_cents is not null and counted_cash_cents is not null and counted_card_cents is not null
      and z_report is not null)
  ),
  -- A difference is never recorded without a reason.
  constraint shifts_difference_reason check (
    status = 'open'
    or (counted_cash_cents = expected_cash_cents and counted_card_cents = expected_card_cents)
    or btrim(coalesce(difference_reason, '')) <> ''
  ),
  constraint shifts_signed_off check (
    (status = 'signed-off') = (signed_off_at is not null and signed_off_by is not null)
  ),
  -- Four eyes: neither the seller nor whoever counted the shift signs it off.
  constraint shifts_second_person check (
    signed_off_by is null or (signed_off_by <> account_id and signed_off_by <> closed_by)
  )
);
create unique index shifts_one_open_per_seller on gateway.shifts (account_id) where status = 'open';
create unique index shifts_one_open_per_desk on gateway.shifts (desk_id) where status = 'open';
create index shifts_by_opening on gateway.shifts (organisation_id, opened_at desc);

-- Open → closed → signed-off, and nothing else: once closed, the count, the reason and the report stay as
-- they were; once signed off, nothing changes.
create function gateway.shifts_guard() returns trigger language plpgsql as $$
begin
  if old.status = 'signed-off' then
    raise exception 'shift % is signed off: it cannot change', old.id using errcode = 'check_violation';
  end if;
  if old.status = 'closed' and (
    new.status <> 'signed-off'
    or (new.closed_at, new.closed_by, new.expected_cash_cents, new.expected_card_cents, new.counted_cash_cents,
        new.counted_card_cents, new.difference_reason, new.z_report, new.opening_float_cents, new.account_id,
        new.desk_id, new.opened_at)
       is distinct from
       (old.closed_at, old.closed_by, old.expected_cash_cents, old.expected_card_cents, old.counted_cash_cents,
        old.counted_card_cents, old.difference_reason, old.z_report, old.opening_float_cents, old.account_id,
        old.desk_id, old.opened_at)
  ) then
    raise exception 'shift % is closed: only its sign-off may follow', old.id using errcode = 'check_violation';
  end if;
  return new;
end
$$;
create trigger shifts_guard before update on gateway.shifts for each row execute function gateway.shifts_guard();

-- One row per order checked out through the gateway while its seller had a shift open. Written at checkout
-- with what the checkout names (the order, the payment method); the amounts are read from the service when the
-- desk next asks for its totals, or a moment later (read_at), so the sale's answer never waits for them.
create table gateway.shift_sales (
  organisation_id bigint not null,
  order_id bigint not null,
  shift_id bigint not null references gateway.shifts,
  sold_at timestamptz not null default now(),
  payment_method_id bigint,
  -- The checkout answered with a payment page (an online method): not in the drawer or the terminal.
  online boolean not null,
  -- The method's label (handlingTextPayment) and where its money goes: cash (the drawer), card (the
  -- terminal), online, other (an invoice).
  payment_method text,
  tender text check (tender in ('cash', 'card', 'online', 'other')),
  amount_cents bigint,
  fee_cents bigint,
  donation_cents bigint,
  -- Per performance: [{ "eventId", "tickets", "amountCents" }].
  lines jsonb,
  -- The order as it was when first read after the sale: a later change is reconciled against this.
  status_at_sale text,
  payment_status_at_sale text,
  read_at timestamptz,
  primary key (organisation_id, order_id)
);
create index shift_sales_shift on gateway.shift_sales (shift_id);

-- Existing organisations' preset roles gain the new permission as new ones get it (permissions.ts).
update gateway.roles set permissions = array_append(permissions, 'shifts:review')
 where preset and key in ('manager', 'administrator') and not ('shifts:review' = any(permissions));
