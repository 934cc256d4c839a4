-- The sync round whose shared reads were refreshed last, per organisation (issue 32: the dashboard's events,
-- halls and availability kept fresh after each mirror sync, so an organisation's first person signs in to a
-- dashboard that costs the service next to nothing). An instance refreshes only after it moved the mark to the
-- newer round by a conditional update: one instance per round, whichever comes first.
create table gateway.shared_read_rounds (
  organisation_id bigint primary key references gateway.organisations (id) on delete cascade,
  synced_at timestamptz not null
);
