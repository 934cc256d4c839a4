import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ExportCount, ExportFile, Schedule } from '@/contract/exports';
import { ensureDemoClients } from '../../testing/client-fixtures';
import { exportAll, organisationIdOf } from '../../testing/mirror';
import {
  createTestGateway,
  demoPerson,
  signedInBrowser,
  type TestBrowser,
  type TestGateway,
} from '../../testing/test-gateway';
import { createTestService, DEMO, describeEachDatabase, type TestService } from '../../testing/test-service';
import { upsertOrders, upsertWaitingList } from '../mirror';
import { embeddedService } from '../service-connection';

/**
 * Issue 29 item 8: a change made at the service just before a change made in Foyer (written through into the
 * mirror at once) reaches the mirror with the next sync, stamped earlier than Foyer's. An incremental export
 * in between must not move its watermark past it: the next one holds it.
 */
describeEachDatabase('incremental exports around a change written through', (database) => {
  let service: TestService;
  let gateway: TestGateway;
  let admin: TestBrowser;
  let exportDir: string;
  let organisationId: number;
  /** Customer A is changed at the service, B in Foyer. */
  let customerA: number;
  let customerB: number;
  let edits = 0;

  const sync = () => gateway.deps.mirror.syncNow(organisationId);
  const ids = (jsonLines: string) =>
    jsonLines
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => Number((JSON.parse(line) as { customerId: number }).customerId));

  beforeAll(async () => {
    service = await createTestService({ database });
    await ensureDemoClients(service.db);
    exportDir = await mkdtemp(join(tmpdir(), 'foyer-incremental-test-'));
    gateway = await createTestGateway({ runtime: service, service: embeddedService(service.app), exportDir });
    organisationId = await organisationIdOf(gateway.db, DEMO.client);
    await sync();
    const { rows } = await gateway.db.query<{ customer_id: string }>(
      'select customer_id from gateway.mirror_customers where organisation_id = $1 order by customer_id limit 2',
      [organisationId],
    );
    [customerA, customerB] = rows.map((row) => Number(row.customer_id)) as [number, number];
    admin = await signedInBrowser(gateway, demoPerson('administrator').email);
  });
  afterAll(async () => {
    await gateway?.deps.mirror.stop();
    await gateway?.close();
    await service?.close();
    if (exportDir) await rm(exportDir, { recursive: true, force: true });
  });

  /**
   * Right after a sync: A changed at the service (the mirror has not read it), then, a second and a half
   * later (a later `lastChanged`), B changed in Foyer (in the mirror at once).
   */
  async function changeAThenB(): Promise<void> {
    await sync();
    edits += 1;
    const atService = await service.request(`/v1/demo/partner/customer/${customerA}`, {
      method: 'PUT',
      key: DEMO.apiKey,
      json: { customerCity: `Buitenstad ${edits}` },
    });
    expect(atService.status).toBe(200);
    await sleep(1500);
    const inFoyer = await admin.request(`/api/v1/demo/partner/customer/${customerB}`, {
      method: 'PUT',
      json: { customerCity: `Binnenstad ${edits}` },
    });
    expect(inFoyer.status).toBe(200);
  }

  /** A customers export as the exports page runs it, confirmed as the browser does once it has the file. */
  async function exportCustomers(mode: 'full' | 'changes'): Promise<number[]> {
    const response = await admin.request('/api/exports/runs', {
      method: 'POST',
      json: { kind: 'customers', format: 'jsonl', mode },
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    const done = await admin.request(`/api/exports/runs/${response.headers.get('x-export-run')}/complete`, {
      method: 'POST',
    });
    expect(done.status).toBe(200);
    return ids(text);
  }

  const changedCount = async () =>
    ((await (await admin.request('/api/exports/count?kind=customers')).json()) as ExportCount).changed;

  it('holds the service’s change in the next incremental export from the page', async () => {
    await exportCustomers('full');
    expect(await changedCount()).toBe(0);
    await changeAThenB();
    // Foyer's own change is delivered at once; the service's is not in the mirror yet.
    expect(await exportCustomers('changes')).toEqual([customerB]);
    expect(await changedCount()).toBe(0);
    await sync();
    expect(await changedCount()).toBe(1);
    // Only A: B was delivered and has not changed since.
    expect(await exportCustomers('changes')).toEqual([customerA]);
    expect(await exportCustomers('changes')).toEqual([]);
  });

  it('holds it in the next scheduled incremental export as well', async () => {
    const scheduler = gateway.deps.exportScheduler;
    if (!scheduler) throw new Error('no scheduler');
    const created = await admin.request('/api/exports/schedules', {
      method: 'POST',
      json: { kind: 'customers', format: 'jsonl', mode: 'changes', timeOfDay: '06:30', timeZone: 'Europe/Amsterdam' },
    });
    expect(created.status).toBe(201);
    const schedule = (await created.json()) as Schedule;
    const runNow = async (): Promise<number[]> => {
      expect((await admin.request(`/api/exports/schedules/${schedule.id}/run`, { method: 'POST' })).status).toBe(202);
      await scheduler.tick();
      const { files } = (await (await admin.request('/api/exports/files')).json()) as { files: ExportFile[] };
      const latest = files.filter((file) => file.scheduleId === schedule.id).reduce((a, b) => (b.id > a.id ? b : a));
      return ids(await readFile(join(exportDir, String(organisationId), latest.fileName), 'utf8'));
    };
    // The first run is whole.
    expect((await runNow()).length).toBeGreaterThan(2);
    await changeAThenB();
    expect(await runNow()).toEqual([customerB]);
    await sync();
    expect(await runNow()).toEqual([customerA]);
    expect(await runNow()).toEqual([]);
  });

  /**
   * The other kinds go through the same watermark; here the interleaving is made in the mirror itself: B
   * written through with a later stamp, A arriving with an earlier one only when the sync moves on.
   */
  for (const { kind, rows, id, stamp, resource } of [
    { kind: 'orders', rows: 'order', id: 'orderId', stamp: 'lastChanged', resource: 'orders' },
    { kind: 'orders', rows: 'seat', id: 'orderId', stamp: 'lastChanged', resource: 'orders' },
    { kind: 'waitinglist', rows: 'order', id: 'waitingId', stamp: 'createdAt', resource: 'waitinglist' },
  ] as const) {
    it(`holds the earlier change in the next incremental export of ${kind} (${rows} rows)`, async () => {
      const exportOnce = async (mode: 'full' | 'changes') => {
        const response = await admin.request('/api/exports/runs', {
          method: 'POST',
          json: { kind, rows, format: 'jsonl', mode },
        });
        const text = await response.text();
        const runId = response.headers.get('x-export-run');
        expect((await admin.request(`/api/exports/runs/${runId}/complete`, { method: 'POST' })).status).toBe(200);
        // One line per seat for the seat rows: the orders they are of.
        const ids = text
          .split('\n')
          .filter((line) => line.trim() !== '')
          .map((line) => Number((JSON.parse(line) as Record<string, unknown>)[id]));
        return [...new Set(ids)];
      };
      await exportOnce('full');
      const { rows: state } = await gateway.db.query<{ watermark: Date }>(
        'select watermark from gateway.mirror_sync_state where organisation_id = $1 and resource = $2',
        [organisationId, resource],
      );
      const syncedTo = new Date(state[0]?.watermark ?? 0).getTime();
      const at = (seconds: number) => new Date(Math.floor(syncedTo / 1000) * 1000 + seconds * 1000).toISOString();
      const [a, b] = (await exportAll(service, DEMO, kind)).slice(0, 2) as [
        Record<string, unknown>,
        Record<string, unknown>,
      ];
      const write = (record: Record<string, unknown>) =>
        kind === 'orders'
          ? upsertOrders(gateway.db, organisationId, [record])
          : upsertWaitingList(gateway.db, organisationId, [record]);
      // B, changed in Foyer, is in the mirror at once; A, changed a moment earlier at the service, is not yet.
      await write({ ...b, [stamp]: at(10) });
      expect(await exportOnce('changes')).toEqual([Number(b[id])]);
      // The next sync brings A and moves the mirror's own watermark past both.
      await write({ ...a, [stamp]: at(5) });
      await gateway.db.query(
        'update gateway.mirror_sync_state set watermark = $3 where organisation_id = $1 and resource = $2',
        [organisationId, resource, at(20)],
      );
      expect(await exportOnce('changes')).toEqual([Number(a[id])]);
      expect(await exportOnce('changes')).toEqual([]);
    });
  }
});
