import { mkdir } from 'node:fs/promises';
import type { Pool } from 'pg';
import type { Database, Queryable, QueryResult } from './database';

/** PostgreSQL error codes the domain maps to statuses. */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_SERIALIZATION_FAILURE = '40001';
export const PG_DEADLOCK_DETECTED = '40P01';

export interface ConnectOptions {
  /** postgres:// URL of a server; when absent the embedded database is used. */
  databaseUrl?: string | undefined;
  /** Folder of the embedded database; absent means in memory (tests). */
  dataDir?: string | undefined;
  /** Pool size for a PostgreSQL server. */
  poolSize?: number;
  /** Embedded only: start from this dumped data directory (tests clone a migrated, seeded template). */
  loadDataDir?: Blob | undefined;
}

export async function connectDatabase(options: ConnectOptions): Promise<Database> {
  return options.databaseUrl
    ? connectPostgres(options.databaseUrl, options.poolSize ?? 10)
    : connectPglite(options.dataDir, options.loadDataDir);
}

async function connectPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  if (dataDir) await mkdir(dataDir, { recursive: true });
  const pglite = await PGlite.create(dataDir ? `${dataDir}/pgdata` : undefined, loadDataDir ? { loadDataDir } : {});
  const wrap = (target: Pick<typeof pglite, 'query' | 'exec'>): Queryable => ({
    async query<Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>> {
      const result = await target.query<Row>(sql, params as unknown[] | undefined);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  });
  const base = wrap(pglite);
  return {
    kind: 'pglite',
    query: base.query,
    exec: base.exec,
    transaction: (work) => pglite.transaction((tx) => work(wrap(tx))),
    close: () => pglite.close(),
  };
}

async function connectPostgres(url: string, poolSize: number): Promise<Database> {
  const pg = (await import('pg')).default;
  // Counts and sums come back as int8/numeric strings; the domain casts in SQL where it needs numbers.
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => {
    // An idle client lost its connection; the pool replaces it. Nothing to do here.
  });
  const wrap = (target: { query: Pool['query'] }): Queryable => ({
    async query<Row>(sql: string, params?: readonly unknown[]): Promise<QueryResult<Row>> {
      const result = await target.query(sql, params as unknown[] | undefined);
      return { rows: result.rows as Row[], rowCount: result.rowCount ?? result.rows.length };
    },
    async exec(sql: string) {
      // Without parameters pg uses the simple protocol, which runs several statements.
      await target.query(sql);
    },
  });
  const base = wrap(pool);
  return {
    kind: 'postgres',
    query: base.query,
    exec: base.exec,
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const value = await work(wrap(client as unknown as { query: Pool['query'] }));
        await client.query('COMMIT');
        return value;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
