-- The head of each audit chain in a row of its own, so that appending an entry costs one row lock and two
-- index writes instead of a transaction-wide advisory lock plus a backward scan for the chain's last entry
-- (`organisation_id is not distinct from …` cannot use an index: the scan skipped every newer entry of other
-- organisations, and grew with them). An append upserts the head — locking it until the end of the
-- transaction, so appends to one chain take turns on every instance — and inserts the entry with the hashes
-- the upsert returned. The chain itself is unchanged: hash = SHA-256(prev_hash || hashed text).
create table gateway.audit_heads (
  -- The organisation's id; 0 for the chain of entries without organisation (ids start at 1).
  chain bigint primary key,
  -- The last entry's prev_hash and hash; hash null: an empty chain (a lock taken before its first entry).
  prev_hash bytea,
  hash bytea
);

-- No append may slip between reading the heads and replacing the function (instances still running the
-- previous version keep appending through gateway.audit_append, which from here on goes through the heads).
lock table gateway.audit_entries in share row exclusive mode;

insert into gateway.audit_heads (chain, prev_hash, hash)
select distinct on (coalesce(organisation_id, 0)) coalesce(organisation_id, 0), prev_hash, hash
  from gateway.audit_entries
 order by coalesce(organisation_id, 0), id desc;

create or replace function gateway.audit_append(
  p_organisation_id bigint, p_at timestamptz, p_account_id bigint, p_person text, p_role text, p_action text,
  p_method text, p_path text, p_status integer, p_order_id bigint, p_customer_id bigint, p_cart_id text,
  p_details jsonb, p_hashed_text text
) returns bigint language plpgsql volatile as $$
declare
  previous bytea;
  next_hash bytea;
  new_id bigint;
begin
  -- The head's row lock orders the appends to a chain; the entry's id is drawn after it is held, so ids follow
  -- the chain's order.
  insert into gateway.audit_heads as h (chain, prev_hash, hash)
  values (coalesce(p_organisation_id, 0), null, sha256(convert_to(p_hashed_text, 'UTF8')))
  on conflict (chain) do update
     set prev_hash = h.hash, hash = sha256(coalesce(h.hash, ''::bytea) || convert_to(p_hashed_text, 'UTF8'))
  returning h.prev_hash, h.hash into previous, next_hash;
  insert into gateway.audit_entries (organisation_id, at, account_id, person, role, action, method, path, status,
                                     order_id, customer_id, cart_id, details, prev_hash, hash)
  values (p_organisation_id, p_at, p_account_id, p_person, p_role, p_action, p_method, p_path, p_status,
          p_order_id, p_customer_id, p_cart_id, p_details, previous, next_hash)
  returning id into new_id;
  return new_id;
end
$$;

-- Takes a chain for the rest of the transaction without appending (an empty head when it has none yet):
-- appends from other transactions wait until it ends.
create function gateway.audit_lock(p_organisation_id bigint) returns void language sql volatile as $$
  insert into gateway.audit_heads as h (chain) values (coalesce(p_organisation_id, 0))
  on conflict (chain) do update set chain = h.chain;
$$;
