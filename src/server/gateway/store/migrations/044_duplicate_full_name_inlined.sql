-- The full name of the duplicate keys (migration 026) without concat_ws. concat_ws is stable, not immutable (it
-- formats any type), so PostgreSQL could not inline the function declared immutable around it: every customer
-- keyed ran it as a statement of its own (100,000 nested calls in a first sync's keys pass). The same name, with
-- the immutable || and rtrim, is inlined into the statement that keys the customers. A first sync's keys pass
-- (gateway.mirror_customers_bulk_written) took, side by side: of 100,000 customers on PostgreSQL, 2.45, 1.94, 1.99
-- and 1.94 s of the server's time against 3.02, 2.21, 2.12 and 2.17 s before; of 20,000 on PGlite, 0.89, 0.95 and
-- 0.96 s against 1.18, 1.01 and 1.08 s. Each part is trimmed of spaces, so the only trailing space is a separator,
-- which rtrim takes off: every key stays as it was (duplicates.test.ts compares the two).
create or replace function gateway.duplicate_full_name(body jsonb) returns text
language sql immutable parallel safe as $$
  select lower(rtrim(coalesce(nullif(btrim(body ->> 'customerFirstName'), '') || ' ', '')
                     || coalesce(nullif(btrim(body ->> 'customerPreposition'), '') || ' ', '')
                     || coalesce(nullif(btrim(body ->> 'customerLastName'), ''), ''), ' '))
$$;
