import { rm } from 'node:fs/promises';
import type { Logger } from 'pino';
import pino from 'pino';
import { describe, inject } from 'vitest';
import { connectDatabase } from '../db/connect';
import type { Database } from '../db/database';
import { type ServiceRuntime, startServiceRuntime } from '../runtime';
import { seedDemo } from '../service/db/seed/seed';
import { copyPgliteTemplate, loadPgliteTemplate } from './database-templates';

/** The demo credentials (see the seed). */
export const DEMO = { client: 'demo', apiKey: 'demo-partner-key' } as const;
export const HARBOUR = { client: 'harbour', apiKey: 'harbour-partner-key' } as const;

export type DatabaseKind = 'pglite' | 'postgres';

export interface TestService extends ServiceRuntime {
  /** The PostgreSQL database of a `postgres` service (pass it as `databaseUrl` to share it); else undefined. */
  databaseUrl: string | undefined;
  /** Calls the service in-process: `request('/v1/demo/partner/hall', { key: DEMO.apiKey })`. */
  request(path: string, init?: RequestInit & { key?: string; json?: unknown }): Promise<Response>;
  close(): Promise<void>;
}

const quietLog: Logger = pino({ level: 'silent' });

export interface TestServiceOptions {
  database?: DatabaseKind;
  cartTimeoutSeconds?: number;
  now?: () => Date;
  /**
   * PostgreSQL pool size (default 4: dozens of test files share one server). Concurrency suites ask for
   * more.
   */
  poolSize?: number;
  paymentWindowSeconds?: number;
  publicRateLimit?: number;
  partnerAuthFailureLimit?: number;
  trustProxy?: boolean | number;
  /** Join an existing PostgreSQL database (another TestService's `databaseUrl`) instead of a fresh one; not seeded. */
  databaseUrl?: string;
}

/**
 * PostgreSQL's shared buffers of a test's PGlite database: room for all of the seeded template's files (33 MB of
 * tables and indexes, in three databases). PGlite's default of 128 MB cost 0.4 s more of each database's opening
 * (1.39-1.75 s against 1.01-1.02 s, three rounds side by side): memory to set up that a test's data never fills.
 * Scanning every table took as long (93-99 ms against 95-241 ms).
 */
const TEST_SHARED_BUFFERS_MB = 32;

/**
 * A fresh service on a fresh database with the small-scale demo data. `postgres` uses the server that the
 * global setup started (a new database per call), so suites can run on both.
 */
export async function createTestService(options: TestServiceOptions = {}): Promise<TestService> {
  const joined = options.databaseUrl;
  const postgresTemplate = provided('testPostgresTemplate');
  const pgliteTemplate = options.database === 'postgres' ? undefined : provided('testPgliteTemplate');
  const created =
    !joined && options.database === 'postgres' ? await createPostgresDatabase(postgresTemplate) : undefined;
  const databaseUrl = joined ?? created;
  // A copy of the global setup's migrated, seeded template is already seeded.
  const fromTemplate = databaseUrl ? Boolean(created && postgresTemplate) : Boolean(pgliteTemplate);
  const pgliteCopy = !databaseUrl && pgliteTemplate ? await copyPgliteTemplate(pgliteTemplate) : undefined;
  const runtime = await startServiceRuntime(
    {
      DATA_DIR: '',
      DATABASE_URL: databaseUrl,
      SEED: 'none',
      SEED_CUSTOMERS: undefined,
      CART_TIMEOUT_SECONDS: options.cartTimeoutSeconds ?? 900,
      ...(options.paymentWindowSeconds ? { PAYMENT_WINDOW_SECONDS: options.paymentWindowSeconds } : {}),
      ...(options.publicRateLimit ? { PUBLIC_RATE_LIMIT: options.publicRateLimit } : {}),
      ...(options.partnerAuthFailureLimit ? { PARTNER_AUTH_FAILURE_LIMIT: options.partnerAuthFailureLimit } : {}),
      ...(options.trustProxy !== undefined ? { TRUST_PROXY: options.trustProxy } : {}),
      PGLITE_SHARED_BUFFERS_MB: TEST_SHARED_BUFFERS_MB,
    },
    quietLog,
    {
      inMemory: true,
      poolSize: options.poolSize ?? 4,
      ...(options.now ? { now: options.now } : {}),
      ...(pgliteCopy ? { databaseDir: pgliteCopy } : {}),
    },
  );
  if (!joined && !fromTemplate) await seedDemo(runtime.db, { scale: 'test' });
  return {
    ...runtime,
    databaseUrl,
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
    async close() {
      await runtime.db.close();
      // Thousands of seeded databases would fill the disk of a long run; a joined one belongs to its creator.
      if (created) await dropPostgresDatabase(created);
      if (pgliteCopy) await rm(pgliteCopy, { recursive: true, force: true });
    },
  };
}

/** The URL of the PostgreSQL server the global setup started, or undefined when there is none. */
export function testPostgresUrl(): string | undefined {
  return process.env.TEST_POSTGRES_URL || provided('testPostgresUrl');
}

/** A value of the global setup; empty means none. Outside vitest's runner (no global setup) there is none. */
function provided(
  key: 'testPostgresUrl' | 'testPgliteTemplate' | 'testPgliteEmpty' | 'testPostgresTemplate',
): string | undefined {
  try {
    return inject(key) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * A fresh in-memory PGlite database with nothing in it, as `connectDatabase({})` opens one, but copied from the
 * global setup's empty template: initdb costs 3–5 s of CPU, the copy under one. `dataDir`, a folder with no
 * database in it yet, puts it on disk instead (a DATA_DIR for Foyer's own processes to open).
 */
export async function createEmptyDatabase(options: { dataDir?: string } = {}): Promise<Database> {
  const template = provided('testPgliteEmpty');
  return connectDatabase({
    ...options,
    sharedBuffersMb: TEST_SHARED_BUFFERS_MB,
    ...(template ? { loadDataDir: await loadPgliteTemplate(template) } : {}),
  });
}

/** The databases the suites run on: PGlite always, PostgreSQL when the global setup started a server. */
export function testDatabases(): DatabaseKind[] {
  return testPostgresUrl() ? ['pglite', 'postgres'] : ['pglite'];
}

/** Runs a suite once per database kind. */
export function describeEachDatabase(name: string, suite: (database: DatabaseKind) => void): void {
  for (const database of testDatabases()) describe(`${name} [${database}]`, () => suite(database));
}

async function createPostgresDatabase(template: string | undefined): Promise<string> {
  const adminUrl = testPostgresUrl();
  if (!adminUrl) throw new Error('TEST_POSTGRES_URL is not set: no PostgreSQL server was started');
  const pg = (await import('pg')).default;
  const name = `foyer_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropPostgresDatabase(databaseUrl: string): Promise<void> {
  const adminUrl = testPostgresUrl();
  if (!adminUrl) return;
  const name = new URL(databaseUrl).pathname.slice(1);
  const pg = (await import('pg')).default;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
    // FORCE: a joined second instance may still hold connections.
    await admin.query(`drop database if exists ${name} with (force)`);
  } catch {
    // Best effort: the whole server directory is deleted at the end of the run anyway.
  } finally {
    await admin.end().catch(() => undefined);
  }
}
