-- A segment's "changed between" dates are the days the service wrote (the venue's), as the customer list reads
-- "changed since": the facts' last_changed becomes the written wall-clock time read as UTC, so that a day's bounds
-- (midnight UTC, segment-sql.ts) cut where the venue's midnight is. A walkthrough's list found 2.042 customers
-- changed since 1 October and the segment 2.038: a customer changed at 00:40+01:00 on 1 November was cut into
-- 31 October. The column is read by the "changed" condition alone.

-- The written wall-clock time of `written` (ISO 8601 as the service writes it, with its offset) as UTC; `instant`
-- when the text is none.
create function gateway.segment_written_changed(written text, instant timestamptz) returns timestamptz
language sql immutable as $$
  select case when written ~ '^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}'
              then (substr(written, 1, 10) || ' ' || substr(written, 12, 8))::timestamp at time zone 'UTC'
              else instant end
$$;

create or replace function gateway.segment_facts_write(p_rows gateway.mirror_customers[], p_new boolean) returns void
language plpgsql as $$
begin
  insert into gateway.segment_facts as s (organisation_id, customer_id, last_changed, zip_digits, optin, mailinglist,
    extra_optin, city, country, tags, custom1, custom2, custom3, custom4, custom5, custom6, custom7)
  select organisation_id, customer_id, gateway.segment_written_changed(body ->> 'lastChanged', last_changed),
         gateway.segment_zip_digits(body ->> 'customerZip'),
         gateway.segment_loose_flag(body -> 'customerPrefs' -> 'user_prefs_optin'),
         gateway.segment_loose_flag(body -> 'customerPrefs' -> 'user_prefs_mailinglist'),
         gateway.segment_loose_flag(body -> 'customerPrefs' -> 'user_prefs_extra_optin'),
         gateway.segment_fold(body ->> 'customerCity'), lower(btrim(coalesce(body ->> 'customerCountry', ''))), tags,
         nullif(gateway.segment_custom_value(body ->> 'customerCustom1'), ''),
         nullif(gateway.segment_custom_value(body ->> 'customerCustom2'), ''),
         nullif(gateway.segment_custom_value(body ->> 'customerCustom3'), ''),
         nullif(gateway.segment_custom_value(body ->> 'customerCustom4'), ''),
         nullif(gateway.segment_custom_value(body ->> 'customerCustom5'), ''),
         nullif(gateway.segment_custom_value(body ->> 'customerCustom6'), ''),
         nullif(gateway.segment_custom_value(body ->> 'customerCustom7'), '')
    from unnest(p_rows)
  on conflict (organisation_id, customer_id) do update
     set last_changed = excluded.last_changed, zip_digits = excluded.zip_digits, optin = excluded.optin,
         mailinglist = excluded.mailinglist, extra_optin = excluded.extra_optin, city = excluded.city,
         country = excluded.country, tags = excluded.tags, custom1 = excluded.custom1, custom2 = excluded.custom2,
         custom3 = excluded.custom3, custom4 = excluded.custom4, custom5 = excluded.custom5, custom6 = excluded.custom6,
         custom7 = excluded.custom7;
  if p_new then
    -- Only customers with kept totals bought anything (purchases are of completed orders).
    update gateway.segment_facts s
       set orders = o.orders, amount_cents = o.amount_cents, last_day = o.last_day, days = o.days,
           running_cents = o.running_cents, bought_events = b.events, bought_prices = b.prices
      from unnest(p_rows) m
      join gateway.segment_customer_orders o on o.organisation_id = m.organisation_id and o.customer_id = m.customer_id
      cross join lateral gateway.segment_bought(m.organisation_id, m.customer_id) b
     where s.organisation_id = m.organisation_id and s.customer_id = m.customer_id;
    -- A refresh of their orders under way (their marks taken, not committed yet) wrote no facts for a row it could
    -- not see, and this statement read the totals before it: marked again, the next refresh copies them.
    insert into gateway.segment_dirty_customers (organisation_id, customer_id)
    select distinct m.organisation_id, m.customer_id
      from unnest(p_rows) m
      join gateway.segment_dirty_customers d on d.organisation_id = m.organisation_id and d.customer_id = m.customer_id;
  end if;
end
$$;

update gateway.segment_facts f
   set last_changed = gateway.segment_written_changed(c.body ->> 'lastChanged', c.last_changed)
  from gateway.mirror_customers c
 where c.organisation_id = f.organisation_id and c.customer_id = f.customer_id
   and f.last_changed is distinct from gateway.segment_written_changed(c.body ->> 'lastChanged', c.last_changed);
