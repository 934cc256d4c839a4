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
 * - phone: without +, -, (), dots and spaces (the service keeps digits only), leading zeros dropped, a Dutch +31/0031 country code dropped: `+31 6 1234 5678`,
 *   `0031612345678` and `06-12345678` are one number; fewer than 8 digits make no key.
 * - name and zip: first name, preposition and last name in lower case with single spaces, with the zip in
 *   upper case without spaces.
 * - address: the zip and the house number (customerHouseNr, else the number that ends customerAddress).
 */
const KEYS_OF_MIRROR_ROWS = `
  normal as (
    select m.customer_id, m.last_changed,
           lower(concat_ws(' ', nullif(btrim(m.body->>'customerFirstName'), ''),
                                nullif(btrim(m.body->>'customerPreposition'), ''),
                                nullif(btrim(m.body->>'customerLastName'), ''))) as full_name,
           split_part(split_part(lower(btrim(m.email)), '@', 1), '+', 1) as local_part,
           replace(split_part(lower(btrim(m.email)), '@', 2), 'googlemail.com', 'gmail.com') as domain,
           ltrim(translate(coalesce(m.body->>'customerPhone', ''), '+-() ./', ''), '0') as phone_digits,
           upper(replace(coalesce(m.body->>'customerZip', ''), ' ', '')) as zip,
           coalesce(nullif(lower(replace(coalesce(m.body->>'customerHouseNr', ''), ' ', '')), ''),
                    lower(substring(coalesce(m.body->>'customerAddress', '') from '(\\d+\\S*)\\s*$')),
                    '') as house_nr
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
    /*on conflict*/
    returning customer_id
  )`;

/** Keys made again replace the old ones only where the record changed since (unchanged rows are not written). */
const REPLACING = `on conflict (organisation_id, customer_id) do update
       set last_changed = excluded.last_changed, full_name = excluded.full_name, email_key = excluded.email_key,
           phone_key = excluded.phone_key, name_zip_key = excluded.name_zip_key, address_key = excluded.address_key
     where k.last_changed is distinct from excluded.last_changed`;

/**
 * The statement keying the rows of `changed`: replacing keys, or — the first full scan of an organisation,
 * which has none — plain inserts, half the work for a million rows.
 */
const keying = (fresh: boolean) => KEYS_OF_MIRROR_ROWS.replace('/*on conflict*/', fresh ? '' : REPLACING);

export interface KeyedBatch {
  /** How many customers' keys were written (new or changed since their keys were made). */
  written: number;
  /** The last customer id read (the next batch starts after it); null when none was left. */
  lastId: number | null;
  /** The greatest lastChanged read. */
  latest: Date | null;
}

/**
 * Keys the next `limit` mirrored customers by id after `afterId` (a full scan, batch by batch); `fresh`: the
 * organisation has no keys yet.
 */
export async function keyCustomersAfter(
  db: Queryable,
  organisationId: number,
  batch: { afterId: number; limit: number; fresh: boolean },
): Promise<KeyedBatch> {
  const { rows } = await db.query<{ written: string; last_id: string | null; latest: Date | null }>(
    `with changed as materialized (
       select customer_id, last_changed, email, body from gateway.mirror_customers
        where organisation_id = $1 and customer_id > $2 order by customer_id limit $3
     ), ${keying(batch.fresh)}
     select (select count(*) from written) as written,
            (select max(customer_id) from changed) as last_id,
            (select max(last_changed) from changed) as latest`,
    [organisationId, batch.afterId, batch.limit],
  );
  const row = rows[0];
  return {
    written: Number(row?.written ?? 0),
    lastId: row?.last_id == null ? null : Number(row.last_id),
    latest: row?.latest ? new Date(row.latest) : null,
  };
}

/**
 * Keys the mirrored customers changed at or after `since` (an incremental scan): the ids of those whose keys
 * were written, and the greatest lastChanged read.
 */
export async function keyCustomersChangedSince(
  db: Queryable,
  organisationId: number,
  since: Date,
): Promise<{ written: number[]; latest: Date | null }> {
  const { rows } = await db.query<{ written: string[] | null; latest: Date | null }>(
    `with changed as materialized (
       select customer_id, last_changed, email, body from gateway.mirror_customers
        where organisation_id = $1 and last_changed >= $2
     ), ${keying(false)}
     select (select array_agg(customer_id) from written) as written,
            (select max(last_changed) from changed) as latest`,
    [organisationId, since],
  );
  return { written: (rows[0]?.written ?? []).map(Number), latest: rows[0]?.latest ? new Date(rows[0].latest) : null };
}

/** Whether the organisation has keys at all (none after PostgreSQL emptied the unlogged table in a crash). */
export async function hasKeys(db: Queryable, organisationId: number): Promise<boolean> {
  const { rows } = await db.query('select 1 from gateway.duplicate_keys where organisation_id = $1 limit 1', [
    organisationId,
  ]);
  return rows.length > 0;
}

/**
 * Refreshes the planner's statistics of the keys after a full scan wrote many: an incremental scan's lookups
 * by key then use the indexes rather than reading the whole table.
 */
export async function analyzeKeys(db: Queryable): Promise<void> {
  await db.query('analyze gateway.duplicate_keys');
}
