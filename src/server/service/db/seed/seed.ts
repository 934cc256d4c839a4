import type { Database, Queryable } from '@/server/db/database';
import { hashApiKey } from '../../auth';
import {
  bulkInsert,
  disableTransitionTriggers,
  dropForeignKeys,
  dropSecondaryIndexes,
  loadColumnTypes,
  syncSequences,
} from './bulk-insert';
import { type GeneratedData, generateDemoData } from './generate';
import { SERIAL_TABLES, TABLE_ORDER } from './tables';

export interface SeedOptions {
  /** 'demo' is the full data set of DESIGN.md; 'test' the same shapes at a small size for fast tests. */
  scale?: 'demo' | 'test';
  /** Number of customers of the demo client (default 20,000; test scale 300). */
  customers?: number | undefined;
  /** Orders of the demo client (default 50,000; test scale 900). */
  orders?: number | undefined;
  /** The seeding day `YYYY-MM-DD` in Europe/Amsterdam that dates are relative to (default today). */
  today?: string | undefined;
  /** Called per table once it is written (the timing script prints these). */
  onProgress?: ((step: string, rows: number, ms: number) => void) | undefined;
}

/**
 * Seeds the deterministic demo data on an empty database. Returns the rows written per table, or null
 * when the database already held clients (one cheap query, so a restart stays fast).
 */
export async function seedIfEmpty(db: Database, options: SeedOptions = {}): Promise<Record<string, number> | null> {
  if (await holdsClients(db)) return null;
  return seed(db, options, true);
}

/** Seeds the demo data (see generate.ts for what it holds) in one transaction. */
export async function seedDemo(db: Database, options: SeedOptions = {}): Promise<Record<string, number>> {
  return (await seed(db, options, false)) ?? {};
}

// Any constant: processes starting together on one PostgreSQL seed one after the other.
const SEED_LOCK = 7_311_043;

async function holdsClients(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ seeded: boolean }>('select exists (select 1 from clients) as seeded');
  return rows[0]?.seeded === true;
}

async function seed(db: Database, options: SeedOptions, onlyIfEmpty: boolean): Promise<Record<string, number> | null> {
  const progress = options.onProgress ?? (() => undefined);
  let mark = performance.now();
  const lap = (step: string, rows: number) => {
    const now = performance.now();
    progress(step, rows, now - mark);
    mark = now;
  };
  const startIds = await currentMaxIds(db);
  const data = generateDemoData({
    scale: options.scale ?? 'demo',
    customers: options.customers,
    orders: options.orders,
    today: options.today,
    startIds,
  });
  lap('generate (in memory)', 0);
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock($1)', [SEED_LOCK]);
    // Another process may have seeded while this one generated.
    if (onlyIfEmpty && (await holdsClients(tx))) return null;
    return writeData(tx, data, lap);
  });
}

async function writeData(
  tx: Queryable,
  data: GeneratedData,
  lap: (step: string, rows: number) => void,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const types = await loadColumnTypes(tx);
  const loaded = ['clients', ...TABLE_ORDER];
  const addForeignKeys = await dropForeignKeys(tx, loaded);
  const rebuildIndexes = await dropSecondaryIndexes(tx, loaded);
  const enableTriggers = await disableTransitionTriggers(tx, loaded);
  for (const client of data.clients) {
    await tx.query(
      `insert into clients (id, name, display_name, time_zone, currency, api_key_hash)
       values ($1, $2, $3, $4, $5, $6)`,
      [client.id, client.name, client.displayName, client.timeZone, client.currency, hashApiKey(client.apiKey)],
    );
  }
  counts.clients = data.clients.length;
  lap('clients', data.clients.length);
  for (const table of TABLE_ORDER) {
    const rows = data.tables[table];
    await bulkInsert(tx, types, table, rows);
    counts[table] = rows.length;
    lap(table, rows.length);
  }
  for (const statement of rebuildIndexes) await tx.query(statement);
  lap('indexes', rebuildIndexes.length);
  for (const statement of enableTriggers) await tx.query(statement);
  // Everything changed: every prepared response is rebuilt (change-counters.ts).
  await tx.query(`select note_change(array['*'])`);
  await syncSequences(tx, SERIAL_TABLES);
  lap('sequences', 0);
  // PGlite runs no autovacuum: without statistics the planner takes the freshly loaded tables for empty
  // and picks nested loops over hundreds of thousands of rows. A small sample is enough for row counts and
  // join choices, and ten times cheaper than the default one.
  await tx.query('set local default_statistics_target = 10');
  await tx.query(`analyze ${loaded.join(', ')}`);
  lap('analyze', 0);
  // Checked once per key now, with the statistics in place for a good plan.
  for (const statement of addForeignKeys) await tx.query(statement);
  lap('foreign keys', addForeignKeys.length);
  return counts;
}

async function currentMaxIds(db: Queryable): Promise<Record<string, number>> {
  const columns = SERIAL_TABLES.map((table) => `(select coalesce(max(id), 0) from ${table})::int as ${table}`);
  const { rows } = await db.query<Record<string, number>>(`select ${columns.join(', ')}`);
  return rows[0] ?? {};
}
