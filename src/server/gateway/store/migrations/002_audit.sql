-- The audit trail: who did what, when, through the gateway. Append-only (the triggers below refuse UPDATE,
-- DELETE and TRUNCATE) and hash-chained per organisation: hash = SHA-256(prev_hash || canonical JSON of the
-- entry), so a changed or removed entry is found by `npm run audit:verify` (audit/audit-trail.ts).
-- Sign-in failures for an email no account has belong to no organisation: organisation_id null, with a chain
-- of its own.
create table gateway.audit_entries (
  id bigserial primary key,
  -- No foreign keys: an entry outlives the organisation, account or role it names.
  organisation_id bigint,
  at timestamptz not null,
  account_id bigint,
  -- The person's email at the time (for a failed sign-in: the email that was typed).
  person text,
  role text,
  action text not null,
  method text,
  path text,
  status integer,
  order_id bigint,
  customer_id bigint,
  cart_id text,
  details jsonb,
  prev_hash bytea,
  hash bytea not null
);
create index audit_entries_chain on gateway.audit_entries (organisation_id, id);
create index audit_entries_order on gateway.audit_entries (organisation_id, order_id) where order_id is not null;
create index audit_entries_customer on gateway.audit_entries (organisation_id, customer_id) where customer_id is not null;

create function gateway.audit_entries_refuse() returns trigger language plpgsql as $$
begin
  raise exception 'gateway.audit_entries is append-only: % refused', tg_op using errcode = 'insufficient_privilege';
end
$$;

create trigger audit_entries_no_change before update or delete on gateway.audit_entries
  for each row execute function gateway.audit_entries_refuse();
create trigger audit_entries_no_truncate before truncate on gateway.audit_entries
  for each statement execute function gateway.audit_entries_refuse();
