-- Each customer keeps its whole export JSON (008 kept it up to "customerPrefs"). A page of the customer
-- export added "lastChanged" in the client's time zone and the tags to every row it read: on PGlite that was
-- half of the page's query (two zone conversions and an array join per row, ~1 ms a page), paid again by
-- every full load of 100,000 customers (1,000 pages). They depend on the row and on its client's zone, so
-- the trigger makes them when the row is written, and a change of a client's zone (no API changes it; plain
-- SQL could) makes its customers' JSON again.

-- `zonedIso` of domain/zoned-timestamps.ts in SQL (zoned-timestamps.test.ts compares the two).
-- The offset is the local time less UTC, printed as an interval; historical offsets with seconds (before
-- 1940) are truncated to the minute.
create function zoned_iso(instant timestamptz, zone text) returns text language sql stable as $$
  select to_char(local, 'YYYY-MM-DD"T"HH24:MI:SS')
      || case when local >= utc then '+' || to_char(local - utc, 'HH24:MI') else '-' || to_char(utc - local, 'HH24:MI') end
    from (select instant at time zone zone as local, instant at time zone 'UTC' as utc) as t
$$;

alter table customers add column export_json text;

create function customers_keep_export_json() returns trigger language plpgsql as $$
declare
  zone text := (select time_zone from clients where id = new.client_id);
begin
  select row_to_json(customer)::text into new.export_json from (select
    new.id as "customerId", new.external_id as "customerExternalId", new.email as "email",
    new.salutation as "customerSalutation", new.first_name as "customerFirstName",
    new.last_name as "customerLastName", new.preposition as "customerPreposition",
    new.address as "customerAddress", new.house_nr as "customerHouseNr", new.zip as "customerZip",
    new.city as "customerCity", new.country as "customerCountry", new.phone as "customerPhone",
    (new.credit_cents / 100.0)::numeric(12, 2)::text as "customerCredit",
    new.custom1 as "customerCustom1", new.custom2 as "customerCustom2", new.custom3 as "customerCustom3",
    new.custom4 as "customerCustom4", new.custom5 as "customerCustom5", new.custom6 as "customerCustom6",
    new.custom7 as "customerCustom7", new.prefs as "customerPrefs",
    zoned_iso(new.last_changed, zone) as "lastChanged",
    case when cardinality(new.tags) > 0 then array_to_string(new.tags, ',') end as "customerTags") as customer;
  return new;
end $$;

drop trigger customers_export_head on customers;
drop function customers_keep_export_head();
alter table customers drop column export_head;

create trigger customers_export_json before insert or update on customers
  for each row execute function customers_keep_export_json();

create function clients_zone_changed() returns trigger language plpgsql as $$
begin
  -- A customer inserted meanwhile, not yet committed, read the old zone and is not seen by the update:
  -- inserts under way finish first, later ones wait and read the new zone. Only this rare change pays.
  lock table customers in share row exclusive mode;
  update customers set export_json = null where client_id = new.id;
  return null;
end $$;

create trigger clients_zone_changed after update of time_zone on clients
  for each row when (old.time_zone is distinct from new.time_zone) execute function clients_zone_changed();

-- The customers already there (the trigger makes the value), then the guarantee that every row has one.
update customers set export_json = null;
alter table customers alter column export_json set not null;
