import type { Logger } from 'pino';
import pino from 'pino';
import { describe } from 'vitest';
import { type ServiceRuntime, startServiceRuntime } from '../runtime';
import { seedDemo } from '../service/db/seed/seed';

/** The demo credentials (see the seed). */
export const DEMO = { client: 'demo', apiKey: 'demo-partner-key' } as const;
export const HARBOUR = { client: 'harbour', apiKey: 'harbour-partner-key' } as const;

export type DatabaseKind = 'pglite' | 'postgres';

export interface TestService extends ServiceRuntime {
  /** Calls the service in-process: `request('/v1/demo/partner/hall', { key: DEMO.apiKey })`. */
  request(path: string, init?: RequestInit & { key?: string; json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

const quietLog: Logger = pino({ level: 'silent' });

/**
 * A fresh service on a fresh database with the small-scale demo data. `postgres` uses the server that the
 * global setup started (a new database per call), so suites can run on both.
 */
export async function createTestService(
  options: { database?: DatabaseKind; cartTimeoutSeconds?: number; now?: () => Date } = {},
): Promise<TestService> {
  const databaseUrl = options.database === 'postgres' ? await createPostgresDatabase() : undefined;
  const runtime = await startServiceRuntime(
    {
      DATA_DIR: '',
      DATABASE_URL: databaseUrl,
      SEED: 'none',
      SEED_CUSTOMERS: undefined,
      CART_TIMEOUT_SECONDS: options.cartTimeoutSeconds ?? 900,
    },
    quietLog,
    { inMemory: true, ...(options.now ? { now: options.now } : {}) },
  );
  await seedDemo(runtime.db, { scale: 'test' });
  return {
    ...runtime,
    request(path, init = {}) {
      const { key, json, ...rest } = init;
      const headers = new Headers(rest.headers);
      if (key) headers.set('authorization', key);
      let body = rest.body;
      if (json !== undefined) {
        headers.set('content-type', 'application/json');
        body = JSON.stringify(json);
      }
      return Promise.resolve(runtime.app.request(`http://service.test${path}`, { ...rest, headers, body }));
    },
    close: () => runtime.db.close(),
  };
}

/** The databases the suites run on: PGlite always, PostgreSQL when the global setup started a server. */
export function testDatabases(): DatabaseKind[] {
  return process.env.TEST_POSTGRES_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** Runs a suite once per database kind. */
export function describeEachDatabase(name: string, suite: (database: DatabaseKind) => void): void {
  for (const database of testDatabases()) describe(`${name} [${database}]`, () => suite(database));
}

async function createPostgresDatabase(): Promise<string> {
  const adminUrl = process.env.TEST_POSTGRES_URL;
  if (!adminUrl) throw new Error('TEST_POSTGRES_URL is not set: no PostgreSQL server was started');
  const pg = (await import('pg')).default;
  const name = `foyer_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
