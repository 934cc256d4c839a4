import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestService, type TestService, testPostgresUrl } from '../testing/test-service';

const CONNECTIONS = 10;

/** Change-counter slots per connection (migration 011, connect.ts); PGlite has one connection, so PostgreSQL only. */
describe.runIf(Boolean(testPostgresUrl()))('change-counter slots [postgres]', () => {
  let service: TestService;

  beforeAll(async () => {
    service = await createTestService({ database: 'postgres', poolSize: CONNECTIONS });
  });
  afterAll(async () => {
    await service?.close();
  });

  it('gives each live connection of the pool its own slot, and a commit bumps its keys in that slot', async () => {
    // Transactions that overlap in time each hold a connection of their own, so the pool opens all of them.
    const seen = await Promise.all(
      Array.from({ length: CONNECTIONS }, (_, i) =>
        service.db.transaction(async (tx) => {
          await tx.query('select pg_sleep(0.2)', []);
          await tx.query('select note_change($1::text[])', [[`test:slots:${i}`]]);
          const { rows } = await tx.query<{ pid: number; slot: string }>(
            "select pg_backend_pid() as pid, current_setting('foyer.counter_slot', true) as slot",
            [],
          );
          return { key: `test:slots:${i}`, pid: rows[0]?.pid, slot: Number(rows[0]?.slot) };
        }),
      ),
    );
    expect(new Set(seen.map((s) => s.pid)).size).toBe(CONNECTIONS);
    expect(new Set(seen.map((s) => s.slot)).size).toBe(CONNECTIONS);
    for (const { slot } of seen) expect(slot >= 0 && slot < 32, `slot ${slot}`).toBe(true);

    const { rows } = await service.db.query<{ key: string; slot: number; n: number }>(
      `select key, slot, n::int as n from change_counters where key like 'test:slots:%' order by key`,
      [],
    );
    expect(rows).toEqual(
      [...seen].sort((a, b) => a.key.localeCompare(b.key)).map(({ key, slot }) => ({ key, slot, n: 1 })),
    );
  });
});
