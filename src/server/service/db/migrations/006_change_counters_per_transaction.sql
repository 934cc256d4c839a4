-- Change counters (004) noted once per transaction instead of once per statement and key. A partner sale
-- touches event:<id> from five statement triggers (the hold upsert fires its insert and update triggers,
-- the extension of the holds, the sale) and orders:<client> from two; each note was a row inserted into
-- pending_changes, each such row fired the deferred trigger at commit, and note_change, an SQL function,
-- was planned again on every call: half of PostgreSQL's time in a sale (pg_stat_statements).
--
-- Now the keys a transaction touched are kept in a transaction-local setting (`foyer.changed_keys`,
-- reverted with the transaction or the savepoint that set it, like the changes it names). Its first key
-- inserts one row into pending_change_sets, whose deferred trigger bumps every key once at commit, in key
-- order, as before. After bumping it empties the setting, so changes made after an early firing (SET
-- CONSTRAINTS ALL IMMEDIATE) arm it again.
drop trigger pending_changes_apply on pending_changes;
drop function apply_pending_changes();
drop table pending_changes;

create table pending_change_sets (
  txid bigint primary key
);

create or replace function note_change(keys text[]) returns void language plpgsql as $$
declare
  noted text := coalesce(current_setting('foyer.changed_keys', true), '');
  fresh text;
begin
  -- Keys never hold a comma (event:<id>, orders:<id>, customers:<id>, *).
  select string_agg(distinct k, ',') into fresh
    from unnest(keys) as k
   where k is not null and position(',' || k || ',' in ',' || noted || ',') = 0;
  if fresh is null then
    return;
  end if;
  if noted = '' then
    insert into pending_change_sets (txid) values (txid_current()) on conflict do nothing;
    noted := fresh;
  else
    noted := noted || ',' || fresh;
  end if;
  perform set_config('foyer.changed_keys', noted, true);
end
$$;

create function apply_changed_keys() returns trigger language plpgsql as $$
declare
  keys text[] := string_to_array(nullif(current_setting('foyer.changed_keys', true), ''), ',');
begin
  delete from pending_change_sets where txid = new.txid;
  perform set_config('foyer.changed_keys', '', true);
  if keys is not null then
    insert into change_counters (key, n)
    select k, 1 from unnest(keys) as k order by k
    on conflict (key) do update set n = change_counters.n + 1;
  end if;
  return null;
end
$$;

create constraint trigger pending_change_sets_apply after insert on pending_change_sets
  deferrable initially deferred for each row execute function apply_changed_keys();
