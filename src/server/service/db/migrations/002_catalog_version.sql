-- Catalog rows (productions, events, prices, ticket types, halls and their layout) change only through
-- seeding or administration, never through the interface, and the service caches what it reads of them.
-- This counter is bumped by every write to them, so each process (also several sharing one PostgreSQL)
-- knows with one tiny query when its cached copy is stale.
create table catalog_version (
  id  boolean primary key default true check (id),
  n   bigint not null
);
insert into catalog_version (n) values (0);

create function bump_catalog_version() returns trigger language plpgsql as $$
begin
  update catalog_version set n = n + 1;
  return null;
end
$$;

create trigger productions_catalog_version after insert or update or delete or truncate on productions
  for each statement execute function bump_catalog_version();
create trigger events_catalog_version after insert or update or delete or truncate on events
  for each statement execute function bump_catalog_version();
create trigger event_prices_catalog_version after insert or update or delete or truncate on event_prices
  for each statement execute function bump_catalog_version();
create trigger ticket_types_catalog_version after insert or update or delete or truncate on ticket_types
  for each statement execute function bump_catalog_version();
create trigger halls_catalog_version after insert or update or delete or truncate on halls
  for each statement execute function bump_catalog_version();
create trigger ranks_catalog_version after insert or update or delete or truncate on ranks
  for each statement execute function bump_catalog_version();
create trigger sections_catalog_version after insert or update or delete or truncate on sections
  for each statement execute function bump_catalog_version();
create trigger seats_catalog_version after insert or update or delete or truncate on seats
  for each statement execute function bump_catalog_version();
