import type { Database, Queryable } from '../../db/database';

/**
 * The blocking keys of mirrored customers (gateway.duplicate_keys, migration 026). The statement that writes
 * gateway.mirror_customers keys the rows it wrote (a trigger), so a scan never reads the mirror's JSON: it
 * compares keys, and an incremental scan takes the marks of the customers whose keys changed.
 *
 * How a key is made (the "decide" of the issue; the SQL functions of migration 026), each kept as a 64-bit hash:
 * - email: lower case; a `+suffix` of the local part dropped (plus-addressing delivers to the same mailbox at
 *   Gmail, Outlook, iCloud, Fastmail, Proton); dots of the local part dropped only at Gmail (googlemail.com
 *   counts as gmail.com), where they are the same mailbox — elsewhere `j.smit` and `jsmit` are two addresses.
 * - phone: without +, -, (), dots and spaces (the service keeps digits only), leading zeros dropped, a Dutch
 *   +31/0031 country code dropped: `+31 6 1234 5678`, `0031612345678` and `06-12345678` are one number; fewer
 *   than 8 digits make no key.
 * - name and zip: first name, preposition and last name in lower case, with the zip in upper case without spaces.
 * - address: the zip and the house number (customerHouseNr, else the number that ends customerAddress).
 */

/**
 * Takes (deletes) the organisation's marks of customers whose keys changed since the last scan took them: the
 * ids, once each. A full scan takes them all too (it compares everyone). Run it in the transaction that
 * compares them, so that a failed scan leaves the marks for the next.
 */
export async function takeChangedCustomers(tx: Queryable, organisationId: number): Promise<number[]> {
  const { rows } = await tx.query<{ ids: string[] | null }>(
    `with taken as (delete from gateway.duplicate_dirty_customers where organisation_id = $1 returning customer_id)
     select array_agg(distinct customer_id) as ids from taken`,
    [organisationId],
  );
  return (rows[0]?.ids ?? []).map(Number);
}

/** How many customers of the organisation have keys (a full scan's count of those it compared). */
export async function keyedCount(tx: Queryable, organisationId: number): Promise<number> {
  const { rows } = await tx.query<{ count: number }>(
    'select count(*)::int as count from gateway.duplicate_keys where organisation_id = $1',
    [organisationId],
  );
  return rows[0]?.count ?? 0;
}

/**
 * Readies the keys for a full scan. PGlite runs no autovacuum: without a VACUUM the pages the mirror's writes left
 * are not marked all-visible, and the scan's groupings along the key indexes fetch every row from the table as
 * well (a million of them for each key). The planner's statistics are refreshed on both engines: the scan's
 * statement and the incremental scans' lookups by key then use the indexes rather than grouping the whole table.
 * (Outside a transaction: VACUUM cannot run in one.)
 */
export async function readyKeysForFullScan(db: Database): Promise<void> {
  await db.exec(db.kind === 'pglite' ? 'vacuum analyze gateway.duplicate_keys' : 'analyze gateway.duplicate_keys');
}
