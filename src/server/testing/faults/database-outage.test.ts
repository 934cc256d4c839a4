import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildPostgresTemplate } from '../database-templates';
import type { DemoFixtures } from '../demo-fixtures';
import { checkInventoryInvariants } from '../invariants';
import { findPostgresBinaries, type PostgresServer, startPostgresServer } from '../postgres-server';
import { fullPriceType } from '../selling';
import {
  emptyAcknowledged,
  type Foyer,
  fakeAppDir,
  fixturesOf,
  killFoyer,
  missingAcknowledged,
  openDatabase,
  QUICK_SHUTDOWN,
  sellAndRegister,
  sleep,
  startFoyer,
} from './harness';

// Real processes on a shared CI machine: more room than the unit tests' minute.
vi.setConfig({ testTimeout: 150_000, hookTimeout: 150_000 });

/**
 * Issue 19, item 2: PostgreSQL restarted (`pg_ctl stop -m immediate`, then start) and busy connections
 * terminated (`pg_terminate_backend`) during sales. Foyer must stay up, answer 503 + Retry-After meanwhile
 * (readiness too), and sell again once the database is back — with nothing acknowledged lost.
 *
 * This suite stops its database, so it runs its own server (durable: commits acknowledged are on disk).
 */
describe.runIf(findPostgresBinaries() !== null)('PostgreSQL outage under load', () => {
  let server: PostgresServer;
  let databaseUrl: string;
  let foyer: Foyer | undefined;
  let dir: string;
  let fx: DemoFixtures;
  let priceId: string;

  beforeAll(async () => {
    server = await startPostgresServer({ durable: true, maxConnections: 60 });
    await buildPostgresTemplate(server.url, 'foyer_outage');
    const url = new URL(server.url);
    url.pathname = '/foyer_outage';
    databaseUrl = url.toString();
    const db = await openDatabase({ databaseUrl });
    fx = await fixturesOf(db);
    priceId = await fullPriceType(db, fx.arena.eventId, fx.arena.rankId);
    await db.close();
    dir = await mkdtemp(join(tmpdir(), 'foyer-outage-'));
  });
  afterAll(async () => {
    await killFoyer(foyer);
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function terminateFoyerBackends(): Promise<number> {
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ n: number }>(
        `select count(*) filter (where pg_terminate_backend(pid))::int as n
           from pg_stat_activity where datname = 'foyer_outage' and pid <> pg_backend_pid()`,
      );
      return rows[0]?.n ?? 0;
    } finally {
      await admin.end();
    }
  }

  async function readiness(): Promise<number> {
    const response = await fetch(`${foyer?.base}/health/ready`, { signal: AbortSignal.timeout(5_000) });
    await response.arrayBuffer();
    return response.status;
  }

  it('stays up, answers 503 with Retry-After meanwhile, and sells again when the database is back', async () => {
    foyer = await startFoyer({
      DATABASE_URL: databaseUrl,
      DATA_DIR: join(dir, 'data'),
      FOYER_APP_DIR: await fakeAppDir(dir),
      ...QUICK_SHUTDOWN,
    });
    const current = foyer;
    const acknowledged = emptyAcknowledged();
    let stop = false;
    const load = sellAndRegister({
      base: () => current.base,
      fx,
      priceId,
      workers: 6,
      until: () => stop,
      acknowledged,
      tag: 'outage',
    });
    const sold = () => acknowledged.orders.length + acknowledged.customers.length;
    const timeline: string[] = [];

    await sleep(800);
    const beforeTerminate = sold();
    let terminated = 0;
    for (let round = 0; round < 3; round += 1) {
      terminated += await terminateFoyerBackends();
      await sleep(200);
    }
    await sleep(800);
    timeline.push(`terminated ${terminated} busy connections: ${sold() - beforeTerminate} acknowledged meanwhile`);
    expect(current.child.exitCode).toBeNull();
    expect(sold()).toBeGreaterThan(beforeTerminate);

    await server.crash();
    const crashedAt = Date.now();
    await sleep(300);
    const duringOutage = sold();
    // A request during the outage: 503, Retry-After, JSON { message }; readiness says so too.
    const refused = await fetch(`${current.base}/v1/demo/partner/hall`, {
      headers: { authorization: 'demo-partner-key' },
    });
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({ message: expect.any(String) });
    expect(await readiness()).toBe(503);
    await sleep(1_000);
    expect(current.child.exitCode).toBeNull();
    const outageStatuses = { ...acknowledged.statuses };
    timeline.push(`database down ${Date.now() - crashedAt} ms: statuses so far ${JSON.stringify(outageStatuses)}`);
    expect(outageStatuses['503']).toBeGreaterThan(0);
    expect(sold()).toBe(duringOutage);

    await server.restart();
    const restartedAt = Date.now();
    while ((await readiness()) !== 200) {
      if (Date.now() - restartedAt > 20_000) throw new Error('not ready 20 s after the database came back');
      await sleep(100);
    }
    const readyMs = Date.now() - restartedAt;
    const afterRestart = sold();
    await sleep(1_000);
    stop = true;
    await load;
    timeline.push(`ready ${readyMs} ms after the restart; ${sold() - afterRestart} acknowledged in the next second`);
    expect(sold()).toBeGreaterThan(afterRestart);
    expect(current.child.exitCode).toBeNull();
    // Nothing but 2xx, 503 and the 409/422 of the sales themselves; never a 500.
    expect(Object.keys(acknowledged.statuses).filter((status) => status.startsWith('5') && status !== '503')).toEqual(
      [],
    );

    const db = await openDatabase({ databaseUrl });
    try {
      expect(await missingAcknowledged(db, acknowledged, fx.arena.eventId)).toEqual([]);
      expect(await checkInventoryInvariants(db)).toEqual([]);
    } finally {
      await db.close();
    }
    console.log(
      `[faults postgres outage] ${timeline.join('; ')}; all statuses ${JSON.stringify(acknowledged.statuses)}, network failures ${JSON.stringify(acknowledged.failures)}; ${acknowledged.orders.length} sales and ${acknowledged.customers.length} customers acknowledged, all present`,
    );
    current.child.kill('SIGTERM');
    expect(await current.exited).toEqual({ code: 0, signal: null });
  });
});
