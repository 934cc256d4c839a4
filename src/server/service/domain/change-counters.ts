import { type Queryable, readUntilNextWrite } from '../db/database';

/**
 * Prepared responses over live data (seating plans, pages of orders), kept per process and checked
 * against the database on every use, so they are never served stale — also not when another process
 * sharing the PostgreSQL server changed the data.
 *
 * Triggers (migration 004) move a counter per key at the commit of every change: `event:<id>` for the
 * seat claims of an event, `orders:<client>` for orders and their lines, `customers:<client>` for
 * customers, and `*` for a TRUNCATE. A response records the counters (and `catalog_version`) it was built
 * under, read BEFORE its data: a change committed in between then only makes it look older than it is, and
 * it is rebuilt once more. Reading them is one indexed query. A key's counter is the sum of its slots
 * (migration 007: concurrent commits bump different rows, so they do not wait for each other's disk write).
 *
 * Entries live per database handle (tests open many databases in one process) and are bounded in bytes;
 * the least recently used go first.
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

export interface Prepared<T> {
  value: T;
  /** Approximate memory held, for the cache's bound. */
  bytes: number;
  /**
   * Request clocks (ms) for which the value holds: from the clock it was built with until the first hold
   * in it lapses (a lapse changes availability without any write). Absent: any clock.
   */
  validFromMs?: number;
  validUntilMs?: number;
}

interface Entry {
  version: string;
  prepared: Promise<Prepared<unknown>>;
  bytes: number;
}

const MAX_BYTES = 96 * 1024 * 1024;

class PreparedResponses {
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;

  get(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry) {
      // Most recently used last.
      this.#entries.delete(key);
      this.#entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: Entry): void {
    this.delete(key);
    this.#entries.set(key, entry);
  }

  /** Counts an entry's size once it is built, then evicts the least recently used beyond the bound. */
  account(key: string, entry: Entry, bytes: number): void {
    if (this.#entries.get(key) !== entry) return;
    entry.bytes = bytes;
    this.#bytes += bytes;
    for (const [oldKey, old] of this.#entries) {
      if (this.#bytes <= MAX_BYTES || old === entry) break;
      this.delete(oldKey);
    }
  }

  delete(key: string, only?: Entry): void {
    const entry = this.#entries.get(key);
    if (!entry || (only && entry !== only)) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}

const caches = new WeakMap<object, PreparedResponses>();

const holdsAt = (prepared: Prepared<unknown>, nowMs: number) =>
  (prepared.validFromMs === undefined || nowMs >= prepared.validFromMs) &&
  (prepared.validUntilMs === undefined || nowMs < prepared.validUntilMs);

/**
 * The value prepared under `key` when it was built under `version` and holds at `now`; otherwise what
 * `build` makes (once for concurrent callers of the same version). `version` must have been read with
 * `changeVersion` before `build` reads anything. A failed build is not kept.
 */
export async function preparedResponse<T>(
  db: Queryable,
  key: string,
  version: string,
  now: Date,
  build: () => Promise<Prepared<T>>,
): Promise<T> {
  let cache = caches.get(db);
  if (!cache) {
    cache = new PreparedResponses();
    caches.set(db, cache);
  }
  const nowMs = now.getTime();
  const known = cache.get(key);
  if (known && known.version === version) {
    const prepared = (await known.prepared.catch(() => undefined)) as Prepared<T> | undefined;
    if (prepared && holdsAt(prepared, nowMs)) return prepared.value;
  }
  const entry: Entry = { version, prepared: build(), bytes: 0 };
  cache.set(key, entry);
  const store = cache;
  try {
    const prepared = (await entry.prepared) as Prepared<T>;
    store.account(key, entry, prepared.bytes);
    return prepared.value;
  } catch (error) {
    store.delete(key, entry);
    throw error;
  }
}
