import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { ensureDemoClients } from '../../testing/client-fixtures';
import { countingConnection, expectMirrorEqualsService, organisationIdOf } from '../../testing/mirror';
import { createTestGateway, quietLog, type TestGateway } from '../../testing/test-gateway';
import {
  createTestService,
  DEMO,
  describeEachDatabase,
  type TestService,
  testPostgresUrl,
} from '../../testing/test-service';
import { createTestStore } from '../../testing/test-store';
import { embeddedService } from '../service-connection';
import { MirrorSync } from './mirror-sync';
import { leaseHeld, releaseLease, renewLease, takeLease } from './sync-lease';

describeEachDatabase('the mirror lease', (database) => {
  let service: TestService;
  let db: Database;
  let organisationId: number;

  beforeAll(async () => {
    ({ service, organisationId } = await createTestStore(database, 'lease-test'));
    db = service.db;
  });
  afterAll(async () => {
    await service?.close();
  });

  it('is held by one instance at a time, renewed by it, and free again when released or expired', async () => {
    expect(await takeLease(db, organisationId, 'a', { ttlSeconds: 60 })).toBe(true);
    expect(await takeLease(db, organisationId, 'b', { ttlSeconds: 60 })).toBe(false);
    expect(await leaseHeld(db, organisationId)).toBe(true);
    expect(await renewLease(db, organisationId, 'a', 60)).toBe(true);
    expect(await renewLease(db, organisationId, 'b', 60)).toBe(false);
    await releaseLease(db, organisationId, 'b');
    expect(await takeLease(db, organisationId, 'b', { ttlSeconds: 60 })).toBe(false);
    await releaseLease(db, organisationId, 'a');
    expect(await leaseHeld(db, organisationId)).toBe(false);
    expect(await takeLease(db, organisationId, 'b', { ttlSeconds: 60 })).toBe(true);
    // A holder that died: its lease runs out, and then another takes it (and the dead one cannot renew).
    await db.query(`update gateway.mirror_sync_leases set expires_at = now() - interval '1 second'`);
    expect(await leaseHeld(db, organisationId)).toBe(false);
    expect(await takeLease(db, organisationId, 'a', { ttlSeconds: 60 })).toBe(true);
    expect(await renewLease(db, organisationId, 'b', 60)).toBe(false);
    await releaseLease(db, organisationId, 'a');
  });

  it('is not taken for a scheduled sync while the organisation is not due', async () => {
    for (const resource of ['customers', 'orders', 'waitinglist']) {
      await db.query(
        `insert into gateway.mirror_sync_state (organisation_id, resource, last_attempt_at) values ($1, $2, now())
         on conflict (organisation_id, resource) do update set last_attempt_at = now()`,
        [organisationId, resource],
      );
    }
    expect(await takeLease(db, organisationId, 'a', { ttlSeconds: 60, dueAfterSeconds: 24 })).toBe(false);
    await db.query(
      `update gateway.mirror_sync_state set last_attempt_at = now() - interval '30 seconds' where resource = 'orders'`,
    );
    expect(await takeLease(db, organisationId, 'a', { ttlSeconds: 60, dueAfterSeconds: 24 })).toBe(true);
    await releaseLease(db, organisationId, 'a');
  });
});

/**
 * Two Foyer processes in miniature on one PostgreSQL database, each with its own sync engine: one
 * organisation is synced by one of them at a time, whichever asks first.
 */
describe.runIf(Boolean(testPostgresUrl()))('two gateway instances syncing one mirror', () => {
  let serviceA: TestService;
  let serviceB: TestService;
  let a: TestGateway;
  let b: TestGateway;
  const connectionA = { calls: [] as string[] };
  const connectionB = { calls: [] as string[] };
  let engineA: MirrorSync;
  let engineB: MirrorSync;
  let demoId: number;

  beforeAll(async () => {
    serviceA = await createTestService({ database: 'postgres' });
    await ensureDemoClients(serviceA.db);
    serviceB = await createTestService({ database: 'postgres', databaseUrl: serviceA.databaseUrl as string });
    const countingA = countingConnection(embeddedService(serviceA.app));
    const countingB = countingConnection(embeddedService(serviceB.app));
    connectionA.calls = countingA.calls;
    connectionB.calls = countingB.calls;
    a = await createTestGateway({ runtime: serviceA, service: countingA });
    b = await createTestGateway({ runtime: serviceB, service: countingB });
    const engine = (gateway: TestGateway, service: typeof countingA) =>
      new MirrorSync({
        db: gateway.db,
        service,
        organisations: gateway.deps.organisations,
        log: quietLog,
        intervalSeconds: 30,
        concurrency: 4,
      });
    engineA = engine(a, countingA);
    engineB = engine(b, countingB);
    demoId = await organisationIdOf(a.db, 'demo');
  });
  afterAll(async () => {
    await engineA?.stop();
    await engineB?.stop();
    await serviceB?.close();
    await serviceA?.close();
  });

  it('syncs an organisation asked for on both at once exactly once', async () => {
    const [onA, onB] = await Promise.all([engineA.syncNow(demoId), engineB.syncNow(demoId)]);
    expect([onA === null, onB === null].sort()).toEqual([false, true]);
    const demoCalls = (calls: string[]) => calls.filter((call) => call.includes('/v1/demo/'));
    // Only the instance with the lease asked the service.
    expect(demoCalls(onA ? connectionB.calls : connectionA.calls)).toEqual([]);
    expect(demoCalls(onA ? connectionA.calls : connectionB.calls).length).toBe((onA ?? onB)?.requests);
    await expectMirrorEqualsService(a.db, demoId, serviceA, DEMO);
    expect(await leaseHeld(a.db, demoId)).toBe(false);
  });

  it('runs the schedule on both, each organisation synced once per interval', async () => {
    await a.db.query(`update gateway.mirror_sync_state set last_attempt_at = now() - interval '1 minute'`);
    const [fromA, fromB] = [connectionA.calls.length, connectionB.calls.length];
    await Promise.all([engineA.syncDue(), engineB.syncDue()]);
    const newA = connectionA.calls.slice(fromA);
    const newB = connectionB.calls.slice(fromB);
    // Each organisation by one instance only: demo idle (one page per resource), harbour's first full sync.
    for (const client of ['demo', 'harbour']) {
      const asked = (calls: string[]) => calls.some((call) => call.startsWith(`POST /v1/${client}/`));
      expect([asked(newA), asked(newB)].filter(Boolean)).toEqual([true]);
    }
    const calls = [...newA, ...newB];
    const perOrganisation = (client: string) => calls.filter((call) => call.startsWith(`POST /v1/${client}/`));
    expect(
      perOrganisation('demo')
        .map((call) => call.replace(/\?.*/, ''))
        .sort(),
    ).toEqual([
      'POST /v1/demo/partner/export/customers',
      'POST /v1/demo/partner/export/orders',
      'POST /v1/demo/partner/export/waitinglist',
    ]);
    const harbourId = await organisationIdOf(a.db, 'harbour');
    const { rows } = await a.db.query<{ n: number }>(
      'select count(*)::int as n from gateway.mirror_sync_state where organisation_id = $1 and last_success_at is not null',
      [harbourId],
    );
    expect(rows[0]?.n).toBe(3);
    // Right after, neither instance finds anything due.
    const settled = connectionA.calls.length + connectionB.calls.length;
    await Promise.all([engineA.syncDue(), engineB.syncDue()]);
    expect(connectionA.calls.length + connectionB.calls.length).toBe(settled);
  });
});
