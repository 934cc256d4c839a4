-- Marking the days whose rollups are stale (007) from the orders alone. An order's lines are written only with
-- it (mirror/mirror-store.ts replaces them in the transaction that writes the order), so the order's own
-- triggers already mark their day; the line triggers joined every written line back to its order for nothing.
drop trigger report_lines_inserted on gateway.mirror_order_seats;
drop trigger report_lines_deleted on gateway.mirror_order_seats;
drop function gateway.report_mark_line_days();

-- An updated order marks the day it leaves as well as the day it lands on (a changed orderDate moves it).
create function gateway.report_mark_moved_order_days() returns trigger language plpgsql as $$
begin
  insert into gateway.report_dirty_days (organisation_id, order_day)
  select organisation_id, order_day from changed where order_day is not null
  union
  select organisation_id, order_day from previous where order_day is not null
  on conflict do nothing;
  return null;
end
$$;

drop trigger report_orders_updated on gateway.mirror_orders;
create trigger report_orders_updated after update on gateway.mirror_orders
  referencing old table as previous new table as changed
  for each statement execute function gateway.report_mark_moved_order_days();
