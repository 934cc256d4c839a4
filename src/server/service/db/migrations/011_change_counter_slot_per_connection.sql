-- Change-counter slots (007) chosen by the service for each connection instead of by process id.
--
-- pg_backend_pid() mod 32 was meant to give a pool's connections distinct slots, but a pool opens them as
-- demand grows, in bursts between which other processes take ids: in a bench run 10 connections had the
-- ids 20916–20919 and 20945–20950, so six of them shared three slots, and each commit of a pair waited
-- for the other's (Lock:transactionid at COMMIT in a tenth of the samples with one CPU).
--
-- Now the service sets `foyer.counter_slot` on each connection it opens, distinct among its live
-- connections (connect.ts); a connection without it (psql, another program) still uses its process id.
create or replace function apply_changed_keys() returns trigger language plpgsql as $$
declare
  keys text[] := string_to_array(nullif(current_setting('foyer.changed_keys', true), ''), ',');
  my_slot int := coalesce(nullif(current_setting('foyer.counter_slot', true), '')::int, pg_backend_pid()) % 32;
begin
  delete from pending_change_sets where txid = new.txid;
  perform set_config('foyer.changed_keys', '', true);
  if keys is not null then
    insert into change_counters (key, slot, n)
    select k, my_slot, 1 from unnest(keys) as k order by k
    on conflict (key, slot) do update set n = change_counters.n + 1;
  end if;
  return null;
end
$$;
