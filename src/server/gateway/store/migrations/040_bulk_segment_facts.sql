-- A first full sync no longer writes the segments' facts (migration 039) statement by statement either (issue 32:
-- the first sync ≤ 1.5× the time of downloading its pages; on the embedded database the segment trigger took
-- 40 % of each customer write's time). As for the duplicate keys (migration 037): in the sync's write
-- transactions (`foyer.mirror_bulk_write` = 'on') the insert and update triggers do not fire, and the sync calls
-- gateway.segment_facts_bulk_written part by part when the walk has read everything, before it marks the full
-- sync finished. Deletes, and every other write, keep the facts in step as before.

drop trigger segment_facts_inserted on gateway.mirror_customers;
drop trigger segment_facts_updated on gateway.mirror_customers;
create trigger segment_facts_inserted after insert on gateway.mirror_customers
  referencing new table as changed for each statement
  when (current_setting('foyer.mirror_bulk_write', true) is distinct from 'on')
  execute function gateway.segment_facts_changed();
create trigger segment_facts_updated after update on gateway.mirror_customers
  referencing new table as changed for each statement
  when (current_setting('foyer.mirror_bulk_write', true) is distinct from 'on')
  execute function gateway.segment_facts_changed();

-- The facts of the organisation's next `p_limit` mirrored customers after `p_after` (by id), as the trigger writes
-- them for new customers. Returns the last customer id it took, null when there was none left.
create function gateway.segment_facts_bulk_written(p_organisation_id bigint, p_after bigint, p_limit int)
returns bigint language plpgsql as $$
declare
  part gateway.mirror_customers[] := array(
    select c from gateway.mirror_customers c
     where c.organisation_id = p_organisation_id and c.customer_id > p_after
     order by c.customer_id
     limit p_limit);
begin
  perform gateway.segment_facts_write(part, true);
  return (select max(customer_id) from unnest(part));
end
$$;

-- Whether a customer is marked (the facts' writers mark a customer again who is): by customer, not by a walk
-- over every mark of the organisation. The end pass asks it for 500 customers at a time while the first sync's
-- orders have marked most of them; with the organisation's index alone that was a loop over all marks per
-- customer (bench:mirror on PGlite: the first sync of 20,000 customers 96 s → 30 s; of 100,000, 896 s before).
drop index gateway.segment_dirty_customers_organisation;
create index segment_dirty_customers_customer on gateway.segment_dirty_customers (organisation_id, customer_id);
