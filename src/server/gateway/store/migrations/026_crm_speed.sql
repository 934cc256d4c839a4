-- The CRM's budgets at a million customers (issue 30): a duplicate scan ≤ 60 s, incremental ≤ 2 s.
--
-- Duplicate keys kept by the mirror's writes. Until now a full scan made the blocking keys of every customer
-- from the mirror's JSON (two thirds of a 208 s scan at a million) and wrote them into five text indexes. Now
-- the statement that writes gateway.mirror_customers keys the rows it wrote (a statement trigger, as the
-- segments' 017), so a full scan only compares. The keys are 64-bit hashes of the normalised values:
-- grouping a million of them is a fraction of grouping the text; two distinct keys share a hash about once
-- in 10^13 pairs at a million customers, and a pair still needs the score to be proposed.
-- Logged now: the mirror is not re-keyed after a crash, so the keys must survive one.
drop table gateway.duplicate_keys;

-- How a key is made (the "decide" of the issue; gateway/duplicates/duplicate-keys.ts names the rules):
-- First name, preposition and last name in lower case (similarity() compares these).
create function gateway.duplicate_full_name(body jsonb) returns text
language sql immutable parallel safe as $$
  select lower(concat_ws(' ', nullif(btrim(body ->> 'customerFirstName'), ''),
                              nullif(btrim(body ->> 'customerPreposition'), ''),
                              nullif(btrim(body ->> 'customerLastName'), '')))
$$;

-- Two normalised parts as one key, null when either is empty.
create function gateway.duplicate_hash_pair(a text, b text) returns bigint
language sql immutable parallel safe as $$
  select case when a <> '' and b <> '' then hashtextextended(a || '|' || b, 0) end
$$;

-- The email in lower case, without a +suffix, without dots in the local part at Gmail (googlemail.com too).
create function gateway.duplicate_email_hash(local_part text, domain text) returns bigint
language sql immutable parallel safe as $$
  select case when domain = 'gmail.com' then gateway.duplicate_hash_pair(replace(local_part, '.', ''), domain)
              else gateway.duplicate_hash_pair(local_part, domain) end
$$;

create function gateway.duplicate_email_key(email text) returns bigint
language sql immutable parallel safe as $$
  select gateway.duplicate_email_hash(split_part(split_part(lower(btrim(email)), '@', 1), '+', 1),
                                      replace(split_part(lower(btrim(email)), '@', 2), 'googlemail.com', 'gmail.com'))
$$;

-- The phone's digits without +, -, (), dots, spaces and leading zeros, a Dutch 31 dropped; fewer than 8: none.
create function gateway.duplicate_phone_digits(digits text) returns bigint
language sql immutable parallel safe as $$
  select hashtextextended(case when length(digits) = 11 and digits like '31%' then substr(digits, 3)
                               when length(digits) >= 8 then digits end, 0)
$$;

create function gateway.duplicate_phone_key(phone text) returns bigint
language sql immutable parallel safe as $$
  select gateway.duplicate_phone_digits(ltrim(translate(coalesce(phone, ''), '+-() ./', ''), '0'))
$$;

-- The zip in upper case without spaces.
create function gateway.duplicate_zip(zip text) returns text
language sql immutable parallel safe as $$
  select upper(replace(coalesce(zip, ''), ' ', ''))
$$;

-- The house number: customerHouseNr, else the number that ends customerAddress (lower case, no spaces).
create function gateway.duplicate_house_nr(body jsonb) returns text
language sql immutable parallel safe as $$
  select coalesce(nullif(lower(replace(coalesce(body ->> 'customerHouseNr', ''), ' ', '')), ''),
                  lower(substring(coalesce(body ->> 'customerAddress', '') from '(\d+\S*)\s*$')), '')
$$;

-- The blocking keys of every mirrored customer: customers are compared only with those sharing a key.
create table gateway.duplicate_keys (
  organisation_id bigint not null,
  customer_id bigint not null,
  last_changed timestamptz not null,
  full_name text not null,
  email_key bigint,
  phone_key bigint,
  -- full name | zip
  name_zip_key bigint,
  -- zip | house number
  address_key bigint,
  primary key (organisation_id, customer_id)
);
-- By key with the customer: a full scan reads the blocks in key order from these alone (index-only).
create index duplicate_keys_email on gateway.duplicate_keys (organisation_id, email_key) include (customer_id)
  where email_key is not null;
create index duplicate_keys_phone on gateway.duplicate_keys (organisation_id, phone_key) include (customer_id)
  where phone_key is not null;
create index duplicate_keys_name_zip on gateway.duplicate_keys (organisation_id, name_zip_key) include (customer_id)
  where name_zip_key is not null;
create index duplicate_keys_address on gateway.duplicate_keys (organisation_id, address_key) include (customer_id)
  where address_key is not null;

-- The customers whose keys changed since the last scan took them: an incremental scan compares these (plain
-- rows as segment_dirty_customers of 017: a write never waits on another for a mark; a mark the scan cannot
-- see yet belongs to a write not committed yet and stays for the next).
create table gateway.duplicate_dirty_customers (
  organisation_id bigint not null,
  customer_id bigint not null
);
create index duplicate_dirty_customers_organisation on gateway.duplicate_dirty_customers (organisation_id);

create function gateway.duplicate_keys_changed() returns trigger language plpgsql as $$
begin
  if TG_OP = 'DELETE' then
    delete from gateway.duplicate_keys k using previous p
     where k.organisation_id = p.organisation_id and k.customer_id = p.customer_id;
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

create trigger duplicate_keys_inserted after insert on gateway.mirror_customers
  referencing new table as changed for each statement execute function gateway.duplicate_keys_changed();
create trigger duplicate_keys_updated after update on gateway.mirror_customers
  referencing new table as changed for each statement execute function gateway.duplicate_keys_changed();
create trigger duplicate_keys_deleted after delete on gateway.mirror_customers
  referencing old table as previous for each statement execute function gateway.duplicate_keys_changed();

-- A mirror filled before this migration: its keys (its next scan is a full one, as the old keys are gone).
insert into gateway.duplicate_keys (organisation_id, customer_id, last_changed, full_name, email_key, phone_key,
  name_zip_key, address_key)
select organisation_id, customer_id, last_changed, full_name, gateway.duplicate_email_key(email),
       gateway.duplicate_phone_key(body ->> 'customerPhone'), gateway.duplicate_hash_pair(full_name, zip),
       gateway.duplicate_hash_pair(zip, gateway.duplicate_house_nr(body))
  from (select organisation_id, customer_id, last_changed, email, body, gateway.duplicate_full_name(body) as full_name,
               gateway.duplicate_zip(body ->> 'customerZip') as zip
          from gateway.mirror_customers) m;
update gateway.duplicate_scans set full_requested = true;
-- gateway.duplicate_scans.watermark is from now on when the last scan started (a scan has run); what changed
-- since is in gateway.duplicate_dirty_customers.
