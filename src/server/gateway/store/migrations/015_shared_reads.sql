-- Reads of the service that every person of an organisation makes alike (issue 32: the dashboard's events,
-- halls and event details; the events every page labels with), kept once for all of them and for every
-- instance: a read is answered from here while it is fresh, and read from the service (and kept) when it is
-- not. How long each kind stays fresh is reports/event-catalog.ts's rule; `read_at` is the database's clock,
-- the one every instance shares. `body` is the service's JSON answer as text ('null' for a thing it does not
-- know).
create table gateway.shared_reads (
  organisation_id bigint not null references gateway.organisations (id) on delete cascade,
  path text not null,
  body text not null,
  read_at timestamptz not null default now(),
  primary key (organisation_id, path)
);
