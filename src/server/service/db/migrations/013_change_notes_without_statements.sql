-- Change-counter notes (004, 006, 010) in fewer statements (issue 32). pg_stat_statements (track = all)
-- counted 35 nested statements under a partner sale's 11; 14 of them were the notes: each trigger firing ran
-- `perform note_change(keys)` (a SELECT of its own) and note_change ran `perform set_config(…)` (another),
-- and the commit's apply_changed_keys a third `perform`.
--
-- Now note_change returns whether it noted anything, so the triggers call it in an assignment, which
-- PL/pgSQL evaluates as an expression without running a statement; set_config is assigned the same way. A
-- firing is now the one query over its transition table, plus, once per transaction, the row that arms the
-- commit's trigger. pending_change_sets is unlogged: its row lives from a transaction's first change to its
-- commit, so after a crash there is nothing to keep, and its insert and delete no longer write WAL.
-- What is noted, and when the counters move (at commit, in key order), is unchanged.
alter table pending_change_sets set unlogged;

drop function note_change(text[]);
create function note_change(keys text[]) returns boolean language plpgsql as $$
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
    return false;
  end if;
  if known = '' then
    insert into pending_change_sets (txid) values (txid_current()) on conflict do nothing;
  end if;
  noted := set_config('foyer.changed_keys', noted, true);
  return true;
end
$$;

create or replace function apply_changed_keys() returns trigger language plpgsql as $$
declare
  keys text[] := string_to_array(nullif(current_setting('foyer.changed_keys', true), ''), ',');
  my_slot int := coalesce(nullif(current_setting('foyer.counter_slot', true), '')::int, pg_backend_pid()) % 32;
  cleared text;
begin
  delete from pending_change_sets where txid = new.txid;
  cleared := set_config('foyer.changed_keys', '', true);
  if keys is not null then
    insert into change_counters (key, slot, n)
    select k, my_slot, 1 from unnest(keys) as k order by k
    on conflict (key, slot) do update set n = change_counters.n + 1;
  end if;
  return null;
end
$$;

-- The triggers: their keys from the transition table, then note_change as an expression.
create or replace function note_seat_claims_inserted() returns trigger language plpgsql as $$
declare
  noted boolean := note_change(array(select distinct 'event:' || event_id from new_rows));
begin
  return null;
end
$$;
create or replace function note_seat_claims_deleted() returns trigger language plpgsql as $$
declare
  noted boolean := note_change(array(select distinct 'event:' || event_id from old_rows));
begin
  return null;
end
$$;
create or replace function note_seat_claims_updated() returns trigger language plpgsql as $$
declare
  noted boolean := note_change(
    array(select 'event:' || event_id from new_rows union select 'event:' || event_id from old_rows));
begin
  return null;
end
$$;

create or replace function note_orders_inserted() returns trigger language plpgsql as $$
declare
  noted boolean := note_change(array(select distinct 'orders:' || client_id from new_rows));
begin
  return null;
end
$$;
create or replace function note_orders_deleted() returns trigger language plpgsql as $$
declare
  noted boolean := note_change(array(select distinct 'orders:' || client_id from old_rows));
begin
  return null;
end
$$;
create or replace function note_orders_updated() returns trigger language plpgsql as $$
declare
  noted boolean := note_change(
    array(select 'orders:' || client_id from new_rows union select 'orders:' || client_id from old_rows));
begin
  return null;
end
$$;

create or replace function note_order_seats_inserted() returns trigger language plpgsql as $$
declare
  noted boolean := note_change(array(
    select distinct 'orders:' || o.client_id from orders o where o.id in (select order_id from new_rows)));
begin
  return null;
end
$$;
create or replace function note_order_seats_deleted() returns trigger language plpgsql as $$
declare
  noted boolean := note_change(array(
    select distinct 'orders:' || o.client_id from orders o where o.id in (select order_id from old_rows)));
begin
  return null;
end
$$;
create or replace function note_order_seats_updated() returns trigger language plpgsql as $$
declare
  noted boolean := note_change(array(
    select distinct 'orders:' || o.client_id from orders o
     where o.id in (select order_id from new_rows union select order_id from old_rows)));
begin
  return null;
end
$$;

create or replace function note_customers_inserted() returns trigger language plpgsql as $$
declare
  noted boolean := note_change(array(select distinct 'customers:' || client_id from new_rows));
begin
  return null;
end
$$;
create or replace function note_customers_deleted() returns trigger language plpgsql as $$
declare
  noted boolean := note_change(array(select distinct 'customers:' || client_id from old_rows));
begin
  return null;
end
$$;
create or replace function note_customers_updated() returns trigger language plpgsql as $$
declare
  noted boolean := note_change(
    array(select 'customers:' || client_id from new_rows union select 'customers:' || client_id from old_rows));
begin
  return null;
end
$$;

create or replace function note_truncate() returns trigger language plpgsql as $$
declare
  noted boolean := note_change(array['*']);
begin
  return null;
end
$$;
