import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '@/server/db/connect';
import type { Database } from '@/server/db/database';
import { testPostgresUrl } from '@/server/testing/test-service';
import { migrateService } from '../service-migrations';
import { seedIfEmpty } from './seed';

const serverUrl = testPostgresUrl();

/** Several processes may start together on one empty PostgreSQL: exactly one of them seeds. */
describe.runIf(serverUrl)('seedIfEmpty from two processes at once [postgres]', () => {
  const name = `foyer_seed_race_${process.pid}`;
  let url: string;
  let first: Database;
  let second: Database;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    await admin.end();
    const parsed = new URL(serverUrl ?? '');
    parsed.pathname = `/${name}`;
    url = parsed.toString();
    first = await connectDatabase({ databaseUrl: url, poolSize: 2 });
    second = await connectDatabase({ databaseUrl: url, poolSize: 2 });
    await Promise.all([migrateService(first), migrateService(second)]);
  });

  afterAll(async () => {
    await first?.close();
    await second?.close();
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('seeds once; the other finds the data and returns null', async () => {
    const results = await Promise.all([seedIfEmpty(first, { scale: 'test' }), seedIfEmpty(second, { scale: 'test' })]);
    expect(results.filter((r) => r === null)).toHaveLength(1);
    const { rows } = await first.query<{ n: number }>('select count(*)::int as n from clients');
    expect(rows[0]?.n).toBe(2);
  });
});
