-- Change-counter notes (004, 006) with one query per trigger firing instead of two.
--
-- A partner sale fires six of the statement triggers that note changed keys (the hold's upsert fires both
-- its insert and its update trigger, the hold extension one, the checkout three). Each firing ran two full
-- queries: `perform note_change(array(select … from new_rows))`, then note_change's own dedupe query over
-- the keys (string_agg … from unnest). The triggers and the foreign-key checks were a third of
-- PostgreSQL's CPU time in a sale (perf).
--
-- Now a trigger reads its keys from the transition table (the one query it needs) and calls note_change
-- only when there are any; note_change dedupes in a loop of plain expressions, which PL/pgSQL evaluates
-- without running a query. What is noted, and when the counters move (at commit, 006 and 007), is unchanged.
create or replace function note_change(keys text[]) returns void language plpgsql as $$
declare
  known text := coalesce(current_setting('foyer.changed_keys', true), '');
  noted text := known;
  k text;
begin
  -- Keys never hold a comma (event:<id>, orders:<id>, customers:<id>, *).
  foreach k in array coalesce(keys, '{}') loop
    if k is not null and position(',' || k || ',' in ',' || noted || ',') = 0 then
      noted := case when noted = '' then k else noted || ',' || k end;
    end if;
  end loop;
  if noted = known then
    return;
  end if;
  if known = '' then
    insert into pending_change_sets (txid) values (txid_current()) on conflict do nothing;
  end if;
  perform set_config('foyer.changed_keys', noted, true);
end
$$;

-- seat_claims → event:<id>
create or replace function note_seat_claims_inserted() returns trigger language plpgsql as $$
declare
  keys text[] := array(select distinct 'event:' || event_id from new_rows);
begin
  if cardinality(keys) > 0 then
    perform note_change(keys);
  end if;
  return null;
end
$$;
create or replace function note_seat_claims_deleted() returns trigger language plpgsql as $$
declare
  keys text[] := array(select distinct 'event:' || event_id from old_rows);
begin
  if cardinality(keys) > 0 then
    perform note_change(keys);
  end if;
  return null;
end
$$;
create or replace function note_seat_claims_updated() returns trigger language plpgsql as $$
declare
  keys text[] := array(select 'event:' || event_id from new_rows union select 'event:' || event_id from old_rows);
begin
  if cardinality(keys) > 0 then
    perform note_change(keys);
  end if;
  return null;
end
$$;

-- orders → orders:<client id>
create or replace function note_orders_inserted() returns trigger language plpgsql as $$
declare
  keys text[] := array(select distinct 'orders:' || client_id from new_rows);
begin
  if cardinality(keys) > 0 then
    perform note_change(keys);
  end if;
  return null;
end
$$;
create or replace function note_orders_deleted() returns trigger language plpgsql as $$
declare
  keys text[] := array(select distinct 'orders:' || client_id from old_rows);
begin
  if cardinality(keys) > 0 then
    perform note_change(keys);
  end if;
  return null;
end
$$;
create or replace function note_orders_updated() returns trigger language plpgsql as $$
declare
  keys text[] := array(select 'orders:' || client_id from new_rows union select 'orders:' || client_id from old_rows);
begin
  if cardinality(keys) > 0 then
    perform note_change(keys);
  end if;
  return null;
end
$$;

-- order_seats → orders:<client id of the order>
create or replace function note_order_seats_inserted() returns trigger language plpgsql as $$
declare
  keys text[] := array(
    select distinct 'orders:' || o.client_id from orders o where o.id in (select order_id from new_rows));
begin
  if cardinality(keys) > 0 then
    perform note_change(keys);
  end if;
  return null;
end
$$;
create or replace function note_order_seats_deleted() returns trigger language plpgsql as $$
declare
  keys text[] := array(
    select distinct 'orders:' || o.client_id from orders o where o.id in (select order_id from old_rows));
begin
  if cardinality(keys) > 0 then
    perform note_change(keys);
  end if;
  return null;
end
$$;
create or replace function note_order_seats_updated() returns trigger language plpgsql as $$
declare
  keys text[] := array(
    select distinct 'orders:' || o.client_id from orders o
     where o.id in (select order_id from new_rows union select order_id from old_rows));
begin
  if cardinality(keys) > 0 then
    perform note_change(keys);
  end if;
  return null;
end
$$;

-- customers → customers:<client id>
create or replace function note_customers_inserted() returns trigger language plpgsql as $$
declare
  keys text[] := array(select distinct 'customers:' || client_id from new_rows);
begin
  if cardinality(keys) > 0 then
    perform note_change(keys);
  end if;
  return null;
end
$$;
create or replace function note_customers_deleted() returns trigger language plpgsql as $$
declare
  keys text[] := array(select distinct 'customers:' || client_id from old_rows);
begin
  if cardinality(keys) > 0 then
    perform note_change(keys);
  end if;
  return null;
end
$$;
create or replace function note_customers_updated() returns trigger language plpgsql as $$
declare
  keys text[] := array(select 'customers:' || client_id from new_rows union select 'customers:' || client_id from old_rows);
begin
  if cardinality(keys) > 0 then
    perform note_change(keys);
  end if;
  return null;
end
$$;
