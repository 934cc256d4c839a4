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

-- Appends one entry in one statement: takes the organisation's chain (a transaction-scoped advisory lock, held
-- to the end of the caller's transaction, or of this statement alone), reads the chain's head after the lock
-- is held, and stores hash = SHA-256(prev_hash || hashed_text). `hashed_text` is the entry's canonical JSON,
-- made by the gateway (audit/audit-trail.ts), which checks it the same way.
create function gateway.audit_append(
  p_organisation_id bigint, p_at timestamptz, p_account_id bigint, p_person text, p_role text, p_action text,
  p_method text, p_path text, p_status integer, p_order_id bigint, p_customer_id bigint, p_cart_id text,
  p_details jsonb, p_hashed_text text
) returns bigint language plpgsql volatile as $$
declare
  previous bytea;
  new_id bigint;
begin
  perform pg_advisory_xact_lock(hashtext('foyer-audit:' || coalesce(p_organisation_id::text, 'none')));
  select hash into previous from gateway.audit_entries
   where organisation_id is not distinct from p_organisation_id order by id desc limit 1;
  insert into gateway.audit_entries (organisation_id, at, account_id, person, role, action, method, path, status,
                                     order_id, customer_id, cart_id, details, prev_hash, hash)
  values (p_organisation_id, p_at, p_account_id, p_person, p_role, p_action, p_method, p_path, p_status,
          p_order_id, p_customer_id, p_cart_id, p_details, previous,
          sha256(coalesce(previous, ''::bytea) || convert_to(p_hashed_text, 'UTF8')))
  returning id into new_id;
  return new_id;
end
$$;
