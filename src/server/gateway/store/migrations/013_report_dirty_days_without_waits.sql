-- Marking a day's rollups stale without waiting (issue 32). Every order the mirror writes marks its day in
-- gateway.report_dirty_days (007, 011). With the day as the table's key, `insert … on conflict do nothing` on
-- today's row waits for whichever transaction inserted or deleted that row last to end: every desk's sale
-- waited on the sale before it, and on the rollup rebuild that had just taken the day (57 ms a sale at 20
-- desks). The marks become plain rows, a day as often as it was written: an insert never waits on another,
-- and the rebuild takes (deletes) the marks it sees. A mark it cannot see yet belongs to a write not committed
-- yet, which its rebuild could not see either: the mark stays for the next rebuild. Nothing is ever lost.
alter table gateway.report_dirty_days drop constraint report_dirty_days_pkey;
create index report_dirty_days_day on gateway.report_dirty_days (organisation_id, order_day);

create or replace function gateway.report_mark_order_days() returns trigger language plpgsql as $$
begin
  insert into gateway.report_dirty_days (organisation_id, order_day)
  select distinct organisation_id, order_day from changed where order_day is not null;
  return null;
end
$$;

create or replace function gateway.report_mark_moved_order_days() returns trigger language plpgsql as $$
begin
  insert into gateway.report_dirty_days (organisation_id, order_day)
  select organisation_id, order_day from changed where order_day is not null
  union
  select organisation_id, order_day from previous where order_day is not null;
  return null;
end
$$;
