-- Likely duplicate customers (issue 30, item 6), found in the mirror by gateway/duplicates.
-- pg_trgm's similarity() compares the names of customers at one address (PGlite loads it in db/connect.ts;
-- on PostgreSQL it is a trusted extension since 13, so the database's owner may create it).
create extension if not exists pg_trgm;

-- The blocking keys of every mirrored customer: customers are compared only with those sharing a key, so a
-- scan is not O(n²). Rebuilt from the mirror by a full scan, kept in step for changed customers by an
-- incremental one. A key is null where the customer lacks what makes it.
-- Unlogged and without a foreign key: derived data, written a million rows at a time by a full scan. After a
-- crash PostgreSQL empties an unlogged table; the scanner then finds no keys and scans in full again.
create unlogged table gateway.duplicate_keys (
  organisation_id bigint not null,
  customer_id bigint not null,
  -- The mirrored record's lastChanged when its keys were made.
  last_changed timestamptz not null,
  -- First name, preposition and last name in lower case, with single spaces.
  full_name text not null,
  -- The email in lower case, without a +suffix, without dots in the local part at Gmail.
  email_key text,
  -- The phone's digits without a leading 0, 00 or +31 (Dutch numbers in national form).
  phone_key text,
  -- full_name | zip (upper case, no spaces).
  name_zip_key text,
  -- zip | house number (lower case, no spaces).
  address_key text,
  primary key (organisation_id, customer_id)
);
create index duplicate_keys_email on gateway.duplicate_keys (organisation_id, email_key) where email_key is not null;
create index duplicate_keys_phone on gateway.duplicate_keys (organisation_id, phone_key) where phone_key is not null;
create index duplicate_keys_name_zip on gateway.duplicate_keys (organisation_id, name_zip_key) where name_zip_key is not null;
create index duplicate_keys_address on gateway.duplicate_keys (organisation_id, address_key) where address_key is not null;

-- A pair of customers that may be one person, customer_a < customer_b. Open pairs are the review queue; a pair
-- marked not the same is remembered for good (never proposed again, whatever either record becomes); a merged
-- pair keeps what was done. Open pairs are re-scored by each scan and dropped when they no longer match.
create table gateway.duplicate_pairs (
  organisation_id bigint not null references gateway.organisations on delete cascade,
  customer_a bigint not null,
  customer_b bigint not null,
  -- 0..100: how likely the two are one person.
  score smallint not null,
  -- Why: 'email', 'phone', 'name_zip', 'name_address'.
  reasons text[] not null,
  state text not null default 'open' check (state in ('open', 'not_same', 'merged')),
  found_at timestamptz not null default now(),
  -- Set by the scan that last found it (a full scan drops the open pairs it did not find again).
  scanned_at timestamptz not null default now(),
  decided_at timestamptz,
  decided_by bigint,
  -- A merged pair: the record kept (the other was marked a duplicate of it).
  kept_customer_id bigint,
  primary key (organisation_id, customer_a, customer_b),
  check (customer_a < customer_b)
);
create index duplicate_pairs_queue on gateway.duplicate_pairs (organisation_id, score desc, customer_a, customer_b)
  where state = 'open';
create index duplicate_pairs_b on gateway.duplicate_pairs (organisation_id, customer_b);

-- Per organisation: where its scans stand, and the lease that keeps two instances from scanning it at once.
create table gateway.duplicate_scans (
  organisation_id bigint primary key references gateway.organisations on delete cascade,
  -- The greatest lastChanged compared so far: an incremental scan compares the customers changed from here.
  watermark timestamptz,
  -- The mirror's last complete sync that the last scan saw (mirror entry `lastCompleteSync`).
  synced_at timestamptz,
  -- A person asked for a full scan.
  full_requested boolean not null default false,
  holder text,
  lease_expires_at timestamptz,
  -- The scan under way (or the last one): 'full' or 'incremental', and its progress.
  kind text,
  started_at timestamptz,
  finished_at timestamptz,
  steps_done integer not null default 0,
  steps_total integer not null default 0,
  compared integer,
  pairs_found integer,
  last_error text
);
