import type { Queryable } from '../../db/database';

/**
 * The blocking keys of mirrored customers (gateway.duplicate_keys), made in SQL from the mirror's bodies.
 * This module reads gateway.mirror_customers itself rather than through the mirror's entry: a scan keys a
 * million customers, which only a statement reading and writing inside the database does in seconds.
 *
 * How a key is made (the "decide" of the issue, in one place):
 * - email: lower case; a `+suffix` of the local part dropped (plus-addressing delivers to the same mailbox at
 *   Gmail, Outlook, iCloud, Fastmail, Proton); dots of the local part dropped only at Gmail (googlemail.com
 *   counts as gmail.com), where they are the same mailbox — elsewhere `j.smit` and `jsmit` are two addresses.
 * - phone: digits only, leading zeros dropped, a Dutch +31/0031 country code dropped: `+31 6 1234 5678`,
 *   `0031612345678` and `06-12345678` are one number; fewer than 8 digits make no key.
 * - name and zip: first name, preposition and last name in lower case, letters only, with the zip in upper
 *   case without spaces.
 * - address: the zip and the house number (customerHouseNr, else the number that ends customerAddress).
 */
const KEYS_OF_MIRROR_ROWS = `
  normal as (
    select m.customer_id, m.last_changed,
           btrim(regexp_replace(lower(concat_ws(' ', m.body->>'customerFirstName', m.body->>'customerPreposition',
                                               m.body->>'customerLastName')), '[^[:alpha:]]+', ' ', 'g')) as full_name,
           split_part(split_part(lower(btrim(m.email)), '@', 1), '+', 1) as local_part,
           replace(split_part(lower(btrim(m.email)), '@', 2), 'googlemail.com', 'gmail.com') as domain,
           ltrim(regexp_replace(coalesce(m.body->>'customerPhone', ''), '[^0-9]', '', 'g'), '0') as phone_digits,
           upper(regexp_replace(coalesce(m.body->>'customerZip', ''), '\\s', '', 'g')) as zip,
           lower(coalesce(nullif(regexp_replace(coalesce(m.body->>'customerHouseNr', ''), '\\s', '', 'g'), ''),
                          substring(coalesce(m.body->>'customerAddress', '') from '(\\d+\\S*)\\s*$'), '')) as house_nr
      from changed m
  ),
  keyed as (
    select customer_id, last_changed, full_name,
           case when local_part <> '' and domain <> '' then
             (case when domain = 'gmail.com' then replace(local_part, '.', '') else local_part end) || '@' || domain
           end as email_key,
           case when length(phone_digits) = 11 and phone_digits like '31%' then substr(phone_digits, 3)
                when length(phone_digits) >= 8 then phone_digits end as phone_key,
           case when full_name <> '' and zip <> '' then full_name || '|' || zip end as name_zip_key,
           case when zip <> '' and house_nr <> '' then zip || '|' || house_nr end as address_key
      from normal
  ),
  written as (
    insert into gateway.duplicate_keys as k
           (organisation_id, customer_id, last_changed, full_name, email_key, phone_key, name_zip_key, address_key)
    select $1, customer_id, last_changed, full_name, email_key, phone_key, name_zip_key, address_key from keyed
    on conflict (organisation_id, customer_id) do update
       set last_changed = excluded.last_changed, full_name = excluded.full_name, email_key = excluded.email_key,
           phone_key = excluded.phone_key, name_zip_key = excluded.name_zip_key, address_key = excluded.address_key
     where k.last_changed is distinct from excluded.last_changed
    returning customer_id, last_changed
  )`;

export interface KeyedBatch {
  /** The customers whose keys were written (new or changed since their keys were made). */
  written: number[];
  /** The last customer id read (the next batch starts after it); null when none was left. */
  lastId: number | null;
  /** The greatest lastChanged read. */
  latest: Date | null;
}

/** Keys the next `limit` mirrored customers by id after `afterId` (a full scan, batch by batch). */
export async function keyCustomersAfter(
  db: Queryable,
  organisationId: number,
  afterId: number,
  limit: number,
): Promise<KeyedBatch> {
  const { rows } = await db.query<{ written: string[] | null; last_id: string | null; latest: Date | null }>(
    `with changed as (
       select customer_id, last_changed, email, body from gateway.mirror_customers
        where organisation_id = $1 and customer_id > $2 order by customer_id limit $3
     ), ${KEYS_OF_MIRROR_ROWS}
     select (select array_agg(customer_id) from written) as written,
            (select max(customer_id) from changed) as last_id,
            (select max(last_changed) from changed) as latest`,
    [organisationId, afterId, limit],
  );
  return batchOf(rows[0]);
}

/** Keys the mirrored customers changed at or after `since` (an incremental scan). */
export async function keyCustomersChangedSince(
  db: Queryable,
  organisationId: number,
  since: Date,
): Promise<KeyedBatch> {
  const { rows } = await db.query<{ written: string[] | null; last_id: string | null; latest: Date | null }>(
    `with changed as (
       select customer_id, last_changed, email, body from gateway.mirror_customers
        where organisation_id = $1 and last_changed >= $2
     ), ${KEYS_OF_MIRROR_ROWS}
     select (select array_agg(customer_id) from written) as written,
            (select max(customer_id) from changed) as last_id,
            (select max(last_changed) from changed) as latest`,
    [organisationId, since],
  );
  return batchOf(rows[0]);
}

function batchOf(row: { written: string[] | null; last_id: string | null; latest: Date | null } | undefined) {
  return {
    written: (row?.written ?? []).map(Number),
    lastId: row?.last_id == null ? null : Number(row.last_id),
    latest: row?.latest ? new Date(row.latest) : null,
  };
}
