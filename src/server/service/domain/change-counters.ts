import { type Queryable, readUntilNextWrite } from '../../db/database';

/**
 * The versions that prepared responses (prepared-responses.ts, which keeps them) are checked against on
 * every use, so they are never served stale — also not when another process sharing the PostgreSQL server
 * changed the data.
 *
 * Triggers (migration 004) move a counter per key at the commit of every change: `event:<id>` for the
 * seat claims of an event, `orders:<client>` for orders and their lines, `customers:<client>` for
 * customers, and `*` for a TRUNCATE. A response records the counters (and `catalog_version`) it was built
 * under, read BEFORE its data: a change committed in between then only makes it look older than it is, and
 * it is rebuilt once more. Reading them is one indexed query. A key's counter is the sum of its slots
 * (migration 007: concurrent commits bump different rows, so they do not wait for each other's disk write).
 */

export const eventClaimsKey = (eventId: number) => `event:${eventId}`;
export const ordersKey = (clientId: number) => `orders:${clientId}`;
export const customersKey = (clientId: number) => `customers:${clientId}`;
const EVERYTHING_KEY = '*';

/** The version of what the keys (and the catalog) describe, as one comparable string. */
export function changeVersion(db: Queryable, keys: readonly string[]): Promise<string> {
  return readUntilNextWrite(db, `change-version:${keys.join(',')}`, () => readChangeVersion(db, keys));
}

async function readChangeVersion(db: Queryable, keys: readonly string[]): Promise<string> {
  const { rows } = await db.query<{ catalog: string | number | null; counters: string | null }>(
    `select (select n from catalog_version) as catalog,
            (select string_agg(key || '=' || n, ',' order by key)
               from (select key, sum(n) as n from change_counters where key = any($1::text[]) group by key) as k)
              as counters`,
    [[...keys, EVERYTHING_KEY]],
  );
  const row = rows[0];
  return `${row?.catalog ?? ''}|${row?.counters ?? ''}`;
}
