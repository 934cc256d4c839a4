-- A first full sync of the mirror no longer keys its customers statement by statement (issue 32: the first
-- sync ≤ 1.5× the time of downloading its pages; the duplicate keys' trigger took half of each write). Its
-- write transactions say `set local foyer.mirror_bulk_write = 'on'`; the trigger then leaves inserts and updates
-- to gateway.mirror_customers_bulk_written, which the sync calls (part by part) when the walk has read everything, before
-- it marks the full sync finished (a sync that fails before runs in full again and keys at its own end). Deletes
-- are keyed as before. Every other write (write-through, incremental syncs, tests) keys as before.

create or replace function gateway.duplicate_keys_changed() returns trigger language plpgsql as $$
begin
  if TG_OP = 'DELETE' then
    delete from gateway.duplicate_keys k using previous p
     where k.organisation_id = p.organisation_id and k.customer_id = p.customer_id;
    return null;
  end if;
  if current_setting('foyer.mirror_bulk_write', true) = 'on' then
    return null;
  end if;
  with keyed as (
    select organisation_id, customer_id, last_changed, gateway.duplicate_full_name(body) as full_name, email,
           gateway.duplicate_zip(body ->> 'customerZip') as zip, body
      from changed
  ),
  written as (
    insert into gateway.duplicate_keys as k (organisation_id, customer_id, last_changed, full_name, email_key,
      phone_key, name_zip_key, address_key)
    select organisation_id, customer_id, last_changed, full_name, gateway.duplicate_email_key(email),
           gateway.duplicate_phone_key(body ->> 'customerPhone'), gateway.duplicate_hash_pair(full_name, zip),
           gateway.duplicate_hash_pair(zip, gateway.duplicate_house_nr(body))
      from keyed
    on conflict (organisation_id, customer_id) do update
       set last_changed = excluded.last_changed, full_name = excluded.full_name, email_key = excluded.email_key,
           phone_key = excluded.phone_key, name_zip_key = excluded.name_zip_key, address_key = excluded.address_key
     where (k.full_name, k.email_key, k.phone_key, k.name_zip_key, k.address_key)
           is distinct from (excluded.full_name, excluded.email_key, excluded.phone_key, excluded.name_zip_key,
                             excluded.address_key)
    returning organisation_id, customer_id
  )
  insert into gateway.duplicate_dirty_customers (organisation_id, customer_id)
  select organisation_id, customer_id from written;
  return null;
end
$$;

-- The work a bulk write left, for the organisation's next `p_limit` mirrored customers after `p_after` (by id):
-- what the trigger would have done had it run on every write (the keys as the last write left them, and a mark
-- for the next scan wherever they changed). Called part by part, so that on the embedded database, whose one
-- connection the people using Foyer share, no statement holds it for long. Returns the last customer id it
-- took, null when there was none left.
create function gateway.mirror_customers_bulk_written(p_organisation_id bigint, p_after bigint, p_limit int)
returns bigint language sql as $$
  with keyed as (
    select organisation_id, customer_id, last_changed, gateway.duplicate_full_name(body) as full_name, email,
           gateway.duplicate_zip(body ->> 'customerZip') as zip, body
      from gateway.mirror_customers
     where organisation_id = p_organisation_id and customer_id > p_after
     order by customer_id
     limit p_limit
  ),
  written as (
    insert into gateway.duplicate_keys as k (organisation_id, customer_id, last_changed, full_name, email_key,
      phone_key, name_zip_key, address_key)
    select organisation_id, customer_id, last_changed, full_name, gateway.duplicate_email_key(email),
           gateway.duplicate_phone_key(body ->> 'customerPhone'), gateway.duplicate_hash_pair(full_name, zip),
           gateway.duplicate_hash_pair(zip, gateway.duplicate_house_nr(body))
      from keyed
    on conflict (organisation_id, customer_id) do update
       set last_changed = excluded.last_changed, full_name = excluded.full_name, email_key = excluded.email_key,
           phone_key = excluded.phone_key, name_zip_key = excluded.name_zip_key, address_key = excluded.address_key
     where (k.full_name, k.email_key, k.phone_key, k.name_zip_key, k.address_key)
           is distinct from (excluded.full_name, excluded.email_key, excluded.phone_key, excluded.name_zip_key,
                             excluded.address_key)
    returning organisation_id, customer_id
  ),
  -- (A data-modifying WITH runs whole whether or not the final select reads it.)
  marked as (
    insert into gateway.duplicate_dirty_customers (organisation_id, customer_id)
    select organisation_id, customer_id from written
  )
  select max(customer_id) from keyed
$$;
