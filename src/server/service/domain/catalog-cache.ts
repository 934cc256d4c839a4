import { type Queryable, readUntilNextWrite } from '../../db/database';
import { VersionedMemo } from '../../db/versioned-memo';

/**
 * A cache for what the service derives from catalog rows (productions, events, prices, ticket types,
 * halls, ranks, sections, seats). Those rows never change through the interface, but seeding, tests and
 * administrators may write them, so every entry is tagged with `catalog_version` (bumped by a trigger on
 * every write, migration 002) and rebuilt when the version moved. Checking costs one single-row query.
 *
 * Entries are kept per database handle: test runs open many databases in one process and their serial
 * ids overlap. Live state (claims, carts, orders) is never cached.
 */
const entries = new VersionedMemo();

/** The current catalog version of the database. */
export function catalogVersion(db: Queryable): Promise<string> {
  return readUntilNextWrite(db, 'catalog-version', async () => {
    const { rows } = await db.query<{ n: string | number }>('select n from catalog_version');
    return String(rows[0]?.n ?? '');
  });
}

/**
 * The value cached under `key` for the current catalog version, or what `build` makes (once, shared by
 * concurrent callers). A failed build is not kept.
 */
export async function cachedCatalog<T>(db: Queryable, key: string, build: () => Promise<T>): Promise<T> {
  return cachedCatalogAt(db, await catalogVersion(db), key, build);
}

/**
 * `cachedCatalog` with a catalog version the caller already read (in a query it needed anyway), saving
 * the round trip. `owner` is the database handle the entry belongs to (not a transaction's handle, which
 * lives for one transaction); `build` may read through the transaction.
 */
export function cachedCatalogAt<T>(owner: object, version: string, key: string, build: () => Promise<T>): Promise<T> {
  return entries.get(owner, key, version, build);
}
