-- A first full sync no longer writes the segments' per-customer rows statement by statement either (issue 32:
-- the first sync ≤ 1.5× the time of downloading its pages; on the embedded database the segment trigger took
-- 40 % of each customer write's time). As for the duplicate keys (migration 037): in the sync's write
-- transactions (`foyer.mirror_bulk_write` = 'on') the insert and update triggers do not fire, and the sync calls
-- gateway.segment_customers_bulk_written part by part when the walk has read everything, before it marks the
-- full sync finished. Deletes, and every other write, keep the rows in step as before.

drop trigger segment_customers_inserted on gateway.mirror_customers;
drop trigger segment_customers_updated on gateway.mirror_customers;
create trigger segment_customers_inserted after insert on gateway.mirror_customers
  referencing new table as changed for each statement
  when (current_setting('foyer.mirror_bulk_write', true) is distinct from 'on')
  execute function gateway.segment_customers_changed();
create trigger segment_customers_updated after update on gateway.mirror_customers
  referencing new table as changed for each statement
  when (current_setting('foyer.mirror_bulk_write', true) is distinct from 'on')
  execute function gateway.segment_customers_changed();

-- The segment rows of the organisation's next `p_limit` mirrored customers after `p_after` (by id), as the
-- trigger (gateway.segment_customers_changed, migration 017) writes them. Returns the last customer id it
-- took, null when there was none left.
create function gateway.segment_customers_bulk_written(p_organisation_id bigint, p_after bigint, p_limit int)
returns bigint language sql as $$
  with part as (
    select organisation_id, customer_id, body, tags, last_changed
      from gateway.mirror_customers
     where organisation_id = p_organisation_id and customer_id > p_after
     order by customer_id
     limit p_limit
  ),
  written as (
    insert into gateway.segment_customers as s (organisation_id, customer_id, city, zip_digits, country, tags, optin,
      mailinglist, extra_optin, custom, last_changed)
    select organisation_id, customer_id, gateway.segment_fold(body ->> 'customerCity'),
           gateway.segment_zip_digits(body ->> 'customerZip'), lower(btrim(coalesce(body ->> 'customerCountry', ''))),
           tags, gateway.segment_loose_flag(body -> 'customerPrefs' -> 'user_prefs_optin'),
           gateway.segment_loose_flag(body -> 'customerPrefs' -> 'user_prefs_mailinglist'),
           gateway.segment_loose_flag(body -> 'customerPrefs' -> 'user_prefs_extra_optin'),
           array[gateway.segment_custom_value(body ->> 'customerCustom1'), gateway.segment_custom_value(body ->> 'customerCustom2'),
                 gateway.segment_custom_value(body ->> 'customerCustom3'), gateway.segment_custom_value(body ->> 'customerCustom4'),
                 gateway.segment_custom_value(body ->> 'customerCustom5'), gateway.segment_custom_value(body ->> 'customerCustom6'),
                 gateway.segment_custom_value(body ->> 'customerCustom7')],
           last_changed
      from part
    on conflict (organisation_id, customer_id) do update
       set city = excluded.city, zip_digits = excluded.zip_digits, country = excluded.country, tags = excluded.tags,
           optin = excluded.optin, mailinglist = excluded.mailinglist, extra_optin = excluded.extra_optin,
           custom = excluded.custom, last_changed = excluded.last_changed
  )
  select max(customer_id) from part
$$;
