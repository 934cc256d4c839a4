import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createTestService, describeEachDatabase, testDatabases, testPostgresUrl } from './test-service';

describe('test PostgreSQL server', () => {
  it('is started for the run when CI requires it', () => {
    if (process.env.REQUIRE_POSTGRES === '1') expect(testDatabases()).toContain('postgres');
    expect(testDatabases()).toContain('pglite');
  });

  it.runIf(testPostgresUrl())('allows the connections the concurrency suites need', async () => {
    const client = new pg.Client({ connectionString: testPostgresUrl() });
    await client.connect();
    try {
      const { rows } = await client.query<{ max_connections: string }>('show max_connections');
      expect(Number(rows[0]?.max_connections)).toBeGreaterThanOrEqual(200);
    } finally {
      await client.end();
    }
  });
});

describeEachDatabase('test service', (database) => {
  it('runs on a migrated database of its own, which a second instance can join', async () => {
    const service = await createTestService({ database });
    try {
      const { rows } = await service.db.query<{ count: number }>('select count(*)::int as count from clients');
      expect(rows[0]?.count).toBeGreaterThanOrEqual(0);
      expect(service.db.kind).toBe(database);
      if (database === 'postgres') {
        expect(service.databaseUrl).toMatch(/^postgres:\/\/.+\/foyer_test_/);
        const second = await createTestService({ database, databaseUrl: service.databaseUrl, poolSize: 2 });
        try {
          await service.db.query(`insert into clients (name, display_name, time_zone, currency, api_key_hash)
            values ('shared-probe', 'Probe', 'Europe/Amsterdam', 'EUR', '\\x00')`);
          const seen = await second.db.query('select 1 from clients where name = $1', ['shared-probe']);
          expect(seen.rows).toHaveLength(1);
        } finally {
          await second.close();
        }
      }
    } finally {
      await service.close();
    }
  });
});
