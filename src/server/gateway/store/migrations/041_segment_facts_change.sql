-- Segments counted in memory (issue 30's count budget on PGlite): each gateway process keeps the facts of the
-- organisations whose segments it counts as columns (gateway/segments/facts-columns.ts), read whole once and then
-- followed as the customer search follows the mirror (migration 006): every facts row carries the id of the
-- transaction that wrote it last, and a reader asks for change_xid >= the xmin of its previous read's snapshot.
-- Whoever writes the facts (the mirror's triggers, the first sync's end pass, a refresh of a customer's orders),
-- the id is set by the same function as the mirror's customers'.

alter table gateway.segment_facts add column change_xid bigint not null default 0;

create trigger segment_facts_change_xid
  before insert or update on gateway.segment_facts
  for each row execute function gateway.mirror_customers_change_xid();

create index segment_facts_change on gateway.segment_facts (organisation_id, change_xid, customer_id);

-- A removed row leaves nothing to follow, so removals are counted per organisation: a reader that sees the count
-- move reads the facts whole again. Rare (a reload's removals from the mirror), so one row per organisation is
-- not a point where writers queue. No foreign key: an organisation's removal removes its facts too, and then
-- nothing is counted (the join finds no organisation).
create table gateway.segment_facts_removals (
  organisation_id bigint primary key,
  removals bigint not null
);

create function gateway.segment_facts_removed() returns trigger
language plpgsql as $$
begin
  insert into gateway.segment_facts_removals as r (organisation_id, removals)
  select o.id, 1 from gateway.organisations o where o.id in (select organisation_id from previous)
  on conflict (organisation_id) do update set removals = r.removals + 1;
  return null;
end
$$;

create trigger segment_facts_removed
  after delete on gateway.segment_facts
  referencing old table as previous
  for each statement execute function gateway.segment_facts_removed();
