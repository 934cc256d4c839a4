-- Change counters for live data, so that a process may keep a prepared response (a seating plan, a page of
-- orders) and still never serve it stale: before using it, it reads the counters the response depends on
-- (one indexed query) and rebuilds when one moved. Several processes on one PostgreSQL read the same
-- counters, so they agree.
--
--   event:<event id>      seat_claims of that event (a seat taken, released, held, sold, blocked)
--   orders:<client id>    orders and order_seats of that client
--   customers:<client id> customers of that client
--   *                     bumped by TRUNCATE of any of these tables (every cached response depends on it)
--
-- Statement triggers note which keys a transaction touched (one insert per statement, so bulk loading
-- stays cheap); a deferred trigger bumps them once, at commit, in key order. Bumping at commit keeps the
-- counter rows locked only while the transaction commits, so concurrent sales of one event do not queue
-- behind each other for their whole transaction, and sorted keys cannot deadlock.
create table change_counters (
  key  text primary key,
  n    bigint not null
);

create table pending_changes (
  txid  bigint not null,
  key   text not null,
  primary key (txid, key)
);

create function apply_pending_changes() returns trigger language plpgsql as $$
begin
  -- The first row of a transaction applies all of them; the later rows find nothing left.
  with mine as (delete from pending_changes where txid = new.txid returning key)
  insert into change_counters (key, n)
  select key, 1 from mine order by key
  on conflict (key) do update set n = change_counters.n + 1;
  return null;
end
$$;

create constraint trigger pending_changes_apply after insert on pending_changes
  deferrable initially deferred for each row execute function apply_pending_changes();

create function note_change(keys text[]) returns void language sql as $$
  insert into pending_changes (txid, key)
  select distinct txid_current(), k from unnest(keys) as k where k is not null
  on conflict do nothing;
$$;

-- seat_claims → event:<id>. Transition tables need one trigger per operation.
create function note_seat_claims_inserted() returns trigger language plpgsql as $$
begin
  perform note_change(array(select distinct 'event:' || event_id from new_rows));
  return null;
end
$$;
create function note_seat_claims_deleted() returns trigger language plpgsql as $$
begin
  perform note_change(array(select distinct 'event:' || event_id from old_rows));
  return null;
end
$$;
create function note_seat_claims_updated() returns trigger language plpgsql as $$
begin
  perform note_change(array(select 'event:' || event_id from new_rows union select 'event:' || event_id from old_rows));
  return null;
end
$$;
create trigger seat_claims_inserted after insert on seat_claims
  referencing new table as new_rows for each statement execute function note_seat_claims_inserted();
create trigger seat_claims_deleted after delete on seat_claims
  referencing old table as old_rows for each statement execute function note_seat_claims_deleted();
create trigger seat_claims_updated after update on seat_claims
  referencing old table as old_rows new table as new_rows for each statement execute function note_seat_claims_updated();

-- orders → orders:<client id>
create function note_orders_inserted() returns trigger language plpgsql as $$
begin
  perform note_change(array(select distinct 'orders:' || client_id from new_rows));
  return null;
end
$$;
create function note_orders_deleted() returns trigger language plpgsql as $$
begin
  perform note_change(array(select distinct 'orders:' || client_id from old_rows));
  return null;
end
$$;
create function note_orders_updated() returns trigger language plpgsql as $$
begin
  perform note_change(array(select 'orders:' || client_id from new_rows union select 'orders:' || client_id from old_rows));
  return null;
end
$$;
create trigger orders_inserted after insert on orders
  referencing new table as new_rows for each statement execute function note_orders_inserted();
create trigger orders_deleted after delete on orders
  referencing old table as old_rows for each statement execute function note_orders_deleted();
create trigger orders_updated after update on orders
  referencing old table as old_rows new table as new_rows for each statement execute function note_orders_updated();

-- order_seats → orders:<client id of the order>
create function note_order_seats_inserted() returns trigger language plpgsql as $$
begin
  perform note_change(array(
    select distinct 'orders:' || o.client_id from orders o where o.id in (select order_id from new_rows)));
  return null;
end
$$;
create function note_order_seats_deleted() returns trigger language plpgsql as $$
begin
  perform note_change(array(
    select distinct 'orders:' || o.client_id from orders o where o.id in (select order_id from old_rows)));
  return null;
end
$$;
create function note_order_seats_updated() returns trigger language plpgsql as $$
begin
  perform note_change(array(
    select distinct 'orders:' || o.client_id from orders o
     where o.id in (select order_id from new_rows union select order_id from old_rows)));
  return null;
end
$$;
create trigger order_seats_inserted after insert on order_seats
  referencing new table as new_rows for each statement execute function note_order_seats_inserted();
create trigger order_seats_deleted after delete on order_seats
  referencing old table as old_rows for each statement execute function note_order_seats_deleted();
create trigger order_seats_updated after update on order_seats
  referencing old table as old_rows new table as new_rows for each statement execute function note_order_seats_updated();

-- customers → customers:<client id>
create function note_customers_inserted() returns trigger language plpgsql as $$
begin
  perform note_change(array(select distinct 'customers:' || client_id from new_rows));
  return null;
end
$$;
create function note_customers_deleted() returns trigger language plpgsql as $$
begin
  perform note_change(array(select distinct 'customers:' || client_id from old_rows));
  return null;
end
$$;
create function note_customers_updated() returns trigger language plpgsql as $$
begin
  perform note_change(array(select 'customers:' || client_id from new_rows union select 'customers:' || client_id from old_rows));
  return null;
end
$$;
create trigger customers_inserted after insert on customers
  referencing new table as new_rows for each statement execute function note_customers_inserted();
create trigger customers_deleted after delete on customers
  referencing old table as old_rows for each statement execute function note_customers_deleted();
create trigger customers_updated after update on customers
  referencing old table as old_rows new table as new_rows for each statement execute function note_customers_updated();

-- TRUNCATE has no rows to name: it moves the counter every cached response also reads.
create function note_truncate() returns trigger language plpgsql as $$
begin
  perform note_change(array['*']);
  return null;
end
$$;
create trigger seat_claims_truncated after truncate on seat_claims for each statement execute function note_truncate();
create trigger orders_truncated after truncate on orders for each statement execute function note_truncate();
create trigger order_seats_truncated after truncate on order_seats for each statement execute function note_truncate();
create trigger customers_truncated after truncate on customers for each statement execute function note_truncate();
