import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportCount, ExportFile, RunOutcome, Schedule, WatermarkView } from '@/contract/exports';
import { ensureDemoClients } from '../../testing/client-fixtures';
import { type DemoFixtures, loadDemoFixtures } from '../../testing/demo-fixtures';
import { type CountingConnection, countingConnection, organisationIdOf } from '../../testing/mirror';
import { fullPriceType } from '../../testing/selling';
import {
  createTestGateway,
  demoPerson,
  signedInBrowser,
  TEST_ORIGIN,
  type TestBrowser,
  type TestGateway,
} from '../../testing/test-gateway';
import {
  createTestService,
  DEMO,
  describeEachDatabase,
  type TestService,
  testPostgresUrl,
} from '../../testing/test-service';
import { embeddedService } from '../service-connection';
import { nextRunAt } from './export-scheduler';

type Rec = Record<string, unknown>;

const MANAGER = demoPerson('manager');

/** Every record of one of the service's exports, as the service gives them. */
async function serviceExport(service: TestService, kind: string): Promise<Rec[]> {
  const records: Rec[] = [];
  for (let page = 1; ; page++) {
    const response = await service.request(`/v1/demo/partner/export/${kind}?page=${page}`, {
      method: 'POST',
      key: DEMO.apiKey,
    });
    const envelope = (await response.json()) as { data: Rec[]; last_page: number };
    records.push(...envelope.data);
    if (page >= envelope.last_page) return records;
  }
}

/** A streamed export as the app runs it: the file, its run id and how many records it announced. */
async function runExport(browser: TestBrowser, settings: Rec) {
  const response = await browser.request('/api/exports/runs', { method: 'POST', json: settings });
  return {
    status: response.status,
    runId: response.headers.get('x-export-run'),
    records: Number(response.headers.get('x-export-records')),
    source: response.headers.get('x-export-source'),
    fileName: /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? '',
    text: new TextDecoder().decode(await response.arrayBuffer()),
  };
}

const csvRows = (text: string, delimiter = ',') => {
  const parsed = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: true,
    delimiter,
  });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
};

describeEachDatabase('CRM exports from the mirror', (database) => {
  let service: TestService;
  let gateway: TestGateway;
  let fx: DemoFixtures;
  let manager: TestBrowser;
  let exportDir: string;
  let organisationId: number;
  /** The gateway's way to the service, which a test can make fail. */
  let connection: CountingConnection;

  /** A sync of the mirror, as the schedule runs it every 30 s. */
  const refill = () => gateway.deps.mirror.syncNow(organisationId);

  beforeAll(async () => {
    service = await createTestService({ database });
    await ensureDemoClients(service.db);
    fx = await loadDemoFixtures(service.db);
    exportDir = await mkdtemp(join(tmpdir(), 'foyer-exports-test-'));
    connection = countingConnection(embeddedService(service.app));
    gateway = await createTestGateway({ runtime: service, service: connection, exportDir });
    organisationId = await organisationIdOf(gateway.db, DEMO.client);
    await refill();
    manager = await signedInBrowser(gateway, MANAGER.email);
  });
  afterAll(async () => {
    await gateway?.deps.mirror.stop();
    await gateway?.close();
    await service?.close();
    await rm(exportDir, { recursive: true, force: true });
  });

  /** A cash sale of one ticket, straight at the service (as another sales channel would). */
  async function sellOne(): Promise<number> {
    const cart = await service.request('/v1/demo/cart/', { method: 'POST' });
    const { cart_id: cartId } = (await cart.json()) as { cart_id: string };
    const priceId = await fullPriceType(service.db, fx.reserved.eventId, fx.reserved.rankId);
    const added = await service.request(`/v1/demo/partner/cart/${cartId}`, {
      method: 'POST',
      key: DEMO.apiKey,
      json: [{ priceId, rankId: fx.reserved.rankId, eventId: fx.reserved.eventId }],
    });
    expect(added.status).toBe(200);
    const checkout = await service.request(`/v1/demo/partner/cart/${cartId}/checkout`, {
      method: 'POST',
      key: DEMO.apiKey,
      json: { customerId: fx.customers.withTags.customerId, paymentMethodId: fx.paymentMethods.cash },
    });
    expect(checkout.status).toBe(200);
    return ((await checkout.json()) as { orderId: number }).orderId;
  }

  it('gives back, from the mirror, exactly the records of the service’s own export, as JSON lines', async () => {
    for (const kind of ['customers', 'orders', 'waitinglist']) {
      const expected = await serviceExport(service, kind);
      const run = await runExport(manager, { kind, format: 'jsonl' });
      expect(run.status, kind).toBe(200);
      expect(run.source).toBe('mirror');
      expect(run.records).toBe(expected.length);
      const lines = run.text.trimEnd().split('\n');
      expect(lines, kind).toHaveLength(expected.length);
      const records = lines.map((line) => JSON.parse(line) as Rec);
      const byId = (list: Rec[]) => {
        const id = Object.keys(list[0] ?? {})[0] as string;
        return new Map(list.map((record) => [record[id], record]));
      };
      const mine = byId(records);
      for (const [id, record] of byId(expected)) {
        const got = mine.get(id);
        // Same fields, in the same order, with the same values (times with the offset the service wrote them with).
        expect(JSON.stringify(got), `${kind} ${String(id)}`).toBe(JSON.stringify(record));
      }
    }
  });

  it('orders as CSV: every order once; the watermark moves only when the browser says it has the file', async () => {
    const total = (await serviceExport(service, 'orders')).length;
    const full = await runExport(manager, {
      kind: 'orders',
      format: 'csv',
      mode: 'full',
      timeZone: 'Europe/Amsterdam',
    });
    expect(full.fileName).toMatch(/^foyer-demo-orders-full-\d{8}-\d{4}\.csv$/);
    const rows = csvRows(full.text);
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((row) => row.orderId)).size).toBe(total);
    // Not confirmed yet: no watermark, so no incremental export either.
    expect(
      ((await (await manager.request('/api/exports/watermarks')).json()) as { watermarks: unknown[] }).watermarks,
    ).toEqual([]);
    expect(
      (
        await manager.request('/api/exports/runs', {
          method: 'POST',
          json: { kind: 'orders', format: 'csv', mode: 'changes' },
        })
      ).status,
    ).toBe(409);

    const done = await manager.request(`/api/exports/runs/${full.runId}/complete`, { method: 'POST' });
    expect(done.status).toBe(200);
    const outcome = (await done.json()) as RunOutcome;
    expect(outcome).toMatchObject({ records: total, rows: total, moved: true });
    expect(outcome.watermark).toMatchObject({ stream: 'orders', savedBy: MANAGER.name });
    // Confirming twice changes nothing.
    expect((await manager.request(`/api/exports/runs/${full.runId}/complete`, { method: 'POST' })).status).toBe(404);

    // Every manager sees the same watermark: it is the organisation's, not a browser's.
    const admin = await signedInBrowser(gateway, demoPerson('administrator').email);
    const seen = (await (await admin.request('/api/exports/watermarks')).json()) as { watermarks: WatermarkView[] };
    expect(seen.watermarks).toEqual([outcome.watermark]);

    // Nothing changed since: the incremental export is empty (the watermark's own second is not repeated).
    const count = (await (await admin.request('/api/exports/count?kind=orders')).json()) as ExportCount;
    expect(count).toEqual({ total, changed: 0, source: 'mirror' });
    const none = await runExport(admin, { kind: 'orders', format: 'csv', mode: 'changes' });
    expect(csvRows(none.text)).toEqual([]);

    // A sale elsewhere, synced into the mirror: the next incremental export holds just that order.
    const orderId = await sellOne();
    await refill();
    expect(((await (await admin.request('/api/exports/count?kind=orders')).json()) as ExportCount).changed).toBe(1);
    const changes = await runExport(admin, { kind: 'orders', format: 'csv', mode: 'changes' });
    expect(changes.fileName).toContain('-orders-changes-');
    expect(csvRows(changes.text).map((row) => Number(row.orderId))).toEqual([orderId]);
    // Broken off in the browser (never confirmed): the next incremental export still has it.
    const again = await runExport(admin, { kind: 'orders', format: 'csv', mode: 'changes' });
    expect(csvRows(again.text).map((row) => Number(row.orderId))).toEqual([orderId]);
    const confirmed = (await (
      await admin.request(`/api/exports/runs/${again.runId}/complete`, { method: 'POST' })
    ).json()) as RunOutcome;
    expect(confirmed.moved).toBe(true);
    expect(confirmed.watermark?.savedBy).toBe(demoPerson('administrator').name);
    expect(csvRows((await runExport(admin, { kind: 'orders', format: 'csv', mode: 'changes' })).text)).toEqual([]);

    // Each run is in the audit trail.
    const { rows: entries } = await gateway.db.query<{ details: Rec }>(
      `select details from gateway.audit_entries where action = 'export' and path = '/api/exports/runs'`,
    );
    expect(entries.length).toBeGreaterThanOrEqual(5);
    expect(entries.some((entry) => entry.details.incremental === true && entry.details.kind === 'orders')).toBe(true);
  });

  it('reads the service instead while the mirror’s first full sync has not finished', async () => {
    await gateway.db.query(
      `update gateway.mirror_sync_state set full_sync_finished_at = null where organisation_id = $1 and resource = 'customers'`,
      [organisationId],
    );
    try {
      const run = await runExport(manager, { kind: 'customers', format: 'csv', delimiter: 'semicolon' });
      expect(run.source).toBe('service');
      expect(csvRows(run.text, ';')).toHaveLength((await serviceExport(service, 'customers')).length);
    } finally {
      await gateway.db.query(
        `update gateway.mirror_sync_state set full_sync_finished_at = now() where organisation_id = $1`,
        [organisationId],
      );
    }
  });

  it('breaks the download off when the source fails half-way: no whole-looking file, no watermark', async () => {
    await gateway.db.query(
      `update gateway.mirror_sync_state set full_sync_finished_at = null where organisation_id = $1 and resource = 'customers'`,
      [organisationId],
    );
    connection.fault = ({ path }) =>
      path.includes('/export/customers') && path.includes('page=2') ? new Response('{}', { status: 500 }) : null;
    try {
      // Straight to the app: the test browser reads every body whole, and this one breaks off.
      const response = await gateway.app.request(`${TEST_ORIGIN}/api/exports/runs`, {
        method: 'POST',
        headers: {
          host: new URL(TEST_ORIGIN).host,
          origin: TEST_ORIGIN,
          cookie: manager.cookie ?? '',
          'content-type': 'application/json',
        },
        body: JSON.stringify({ kind: 'customers', format: 'csv' }),
      });
      expect(response.status).toBe(200);
      await expect(response.arrayBuffer()).rejects.toThrow();
      const runId = response.headers.get('x-export-run');
      expect((await manager.request(`/api/exports/runs/${runId}/complete`, { method: 'POST' })).status).toBe(404);
      const { watermarks } = (await (await manager.request('/api/exports/watermarks')).json()) as {
        watermarks: WatermarkView[];
      };
      expect(watermarks.map((w) => w.stream)).not.toContain('customers');
    } finally {
      connection.fault = null;
      await gateway.db.query(
        `update gateway.mirror_sync_state set full_sync_finished_at = now() where organisation_id = $1`,
        [organisationId],
      );
    }
  });

  it('lets each role export only what it may', async () => {
    const marketing = await signedInBrowser(gateway, demoPerson('marketing').email);
    expect((await runExport(marketing, { kind: 'customers', format: 'csv' })).status).toBe(200);
    expect((await runExport(marketing, { kind: 'orders', format: 'csv' })).status).toBe(403);
    expect((await marketing.request('/api/exports/count?kind=waitinglist')).status).toBe(403);
    const seen = (await (await marketing.request('/api/exports/watermarks')).json()) as { watermarks: WatermarkView[] };
    expect(seen.watermarks.map((w) => w.stream)).not.toContain('orders');
    const boxOffice = await signedInBrowser(gateway, demoPerson('box-office').email);
    expect((await boxOffice.request('/api/exports/files')).status).toBe(403);
  });

  it('writes a scheduled export into EXPORT_DIR, lists it with rows and watermark, and audits its download', async () => {
    const scheduler = gateway.deps.exportScheduler;
    if (!scheduler) throw new Error('no scheduler');
    const created = await manager.request('/api/exports/schedules', {
      method: 'POST',
      json: {
        kind: 'orders',
        rows: 'seat',
        format: 'csv',
        mode: 'changes',
        timeOfDay: '06:30',
        timeZone: 'Europe/Amsterdam',
      },
    });
    expect(created.status).toBe(201);
    const schedule = (await created.json()) as Schedule;
    expect(new Date(schedule.nextRunAt).getTime()).toBe(
      nextRunAt('06:30', 'Europe/Amsterdam', new Date(Date.now() - 5_000)).getTime(),
    );
    // Not due yet: a tick runs nothing.
    expect(await scheduler.tick()).toBe(0);
    const run = await manager.request(`/api/exports/schedules/${schedule.id}/run`, { method: 'POST' });
    expect(run.status).toBe(202);
    await scheduler.tick();

    const files = ((await (await manager.request('/api/exports/files')).json()) as { files: ExportFile[] }).files;
    const file = files.find((candidate) => candidate.scheduleId === schedule.id) as ExportFile;
    expect(file).toMatchObject({ kind: 'orders', rows: 'seat', format: 'csv', mode: 'changes', source: 'mirror' });
    expect(file.fileName).toMatch(/^foyer-demo-order-seats-changes-\d{8}-\d{4}\.csv$/);
    expect(await readdir(join(exportDir, String(organisationId)))).toContain(file.fileName);
    // A schedule's first run is whole (no watermark yet); then its own watermark is set.
    const orders = await serviceExport(service, 'orders');
    const seatRows = orders.reduce(
      (sum, order) => sum + Math.max(1, (order.seats as unknown[]).length + (order.deletedSeats as unknown[]).length),
      0,
    );
    expect(file.rowCount).toBe(seatRows);
    expect(file.recordCount).toBe(orders.length);
    expect(file.sinceAt).toBeNull();
    expect(file.watermarkAt).not.toBeNull();
    const listed = ((await (await manager.request('/api/exports/schedules')).json()) as { schedules: Schedule[] })
      .schedules;
    const after = listed.find((candidate) => candidate.id === schedule.id);
    expect(after?.watermarkAt).toBe(file.watermarkAt);
    expect(after?.lastRunAt).not.toBeNull();
    expect(after?.lastError).toBeNull();

    const download = await manager.request(`/api/exports/files/${file.id}`);
    expect(download.status).toBe(200);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(bytes.equals(await readFile(join(exportDir, String(organisationId), file.fileName)))).toBe(true);
    const text = bytes.toString('utf8');
    expect(csvRows(text)).toHaveLength(seatRows);
    const { rows: audited } = await gateway.db.query<{ person: string; details: Rec }>(
      `select person, details from gateway.audit_entries where action = 'export-download' order by id desc limit 1`,
    );
    expect(audited[0]).toMatchObject({ person: MANAGER.email, details: { fileId: file.id, fileName: file.fileName } });

    // Marketing may not export orders: not listed, not downloadable.
    const marketing = await signedInBrowser(gateway, demoPerson('marketing').email);
    const theirs = ((await (await marketing.request('/api/exports/files')).json()) as { files: ExportFile[] }).files;
    expect(theirs.some((candidate) => candidate.id === file.id)).toBe(false);
    expect((await marketing.request(`/api/exports/files/${file.id}`)).status).toBe(403);

    // The next run is incremental from the schedule's own watermark: after a sale, just that order's seats.
    const orderId = await sellOne();
    await refill();
    await manager.request(`/api/exports/schedules/${schedule.id}/run`, { method: 'POST' });
    await scheduler.tick();
    const next = ((await (await manager.request('/api/exports/files')).json()) as { files: ExportFile[] }).files.find(
      (candidate) => candidate.scheduleId === schedule.id && candidate.id !== file.id,
    ) as ExportFile;
    expect(next.sinceAt).toBe(file.watermarkAt);
    const nextRows = csvRows(await (await manager.request(`/api/exports/files/${next.id}`)).text());
    expect(new Set(nextRows.map((row) => Number(row.orderId)))).toEqual(new Set([orderId]));
    // The page's own watermark is another stream: untouched by the schedule.
    expect(
      (await (await manager.request('/api/exports/count?kind=orders&rows=seat')).json()) as ExportCount,
    ).toMatchObject({ changed: null });

    expect((await manager.request(`/api/exports/schedules/${schedule.id}`, { method: 'DELETE' })).status).toBe(204);
    const { rows: kept } = await gateway.db.query('select 1 from gateway.export_files where id = $1', [file.id]);
    expect(kept).toHaveLength(1);
  });

  it('runs a due schedule once when two schedulers tick at the same moment', async () => {
    const { ExportScheduler } = await import('./export-scheduler');
    const make = (holder: string) =>
      new ExportScheduler({
        db: gateway.db,
        service: embeddedService(service.app),
        organisations: gateway.deps.organisations,
        log: gateway.deps.log,
        dir: exportDir,
        holder,
      });
    const created = (await (
      await manager.request('/api/exports/schedules', {
        method: 'POST',
        json: { kind: 'waitinglist', format: 'jsonl', timeOfDay: '23:59', timeZone: 'UTC' },
      })
    ).json()) as Schedule;
    await gateway.db.query('update gateway.export_schedules set next_run_at = now() where id = $1', [created.id]);
    const ran = await Promise.all([make('one').tick(), make('two').tick()]);
    expect(ran.reduce((sum, n) => sum + n, 0)).toBe(1);
    const { rows } = await gateway.db.query<{ n: number }>(
      'select count(*)::int as n from gateway.export_files where schedule_id = $1',
      [created.id],
    );
    expect(rows[0]?.n).toBe(1);
  });
});

describe('the next run of a schedule', () => {
  it('is later today when the time has not come, else tomorrow, in the schedule’s zone', () => {
    const at = new Date('2026-11-23T05:00:00Z');
    expect(nextRunAt('07:15', 'Europe/Amsterdam', at).toISOString()).toBe('2026-11-23T06:15:00.000Z');
    expect(nextRunAt('05:30', 'Europe/Amsterdam', at).toISOString()).toBe('2026-11-24T04:30:00.000Z');
    expect(nextRunAt('06:00', 'Europe/Amsterdam', new Date('2026-11-23T05:00:00Z')).toISOString()).toBe(
      '2026-11-24T05:00:00.000Z',
    );
  });

  it('keeps the wall-clock time across a change to summer time', () => {
    // 29 March 2026: clocks go from 02:00 to 03:00 in Amsterdam.
    expect(nextRunAt('06:00', 'Europe/Amsterdam', new Date('2026-03-28T06:00:00Z')).toISOString()).toBe(
      '2026-03-29T04:00:00.000Z',
    );
  });
});

/**
 * Two Foyer processes in miniature on one PostgreSQL database (each its own service runtime, pool and
 * scheduler), sharing EXPORT_DIR: every due schedule is written once, whoever gets there first.
 */
describe.runIf(Boolean(testPostgresUrl()))('scheduled exports on two instances', () => {
  let serviceA: TestService;
  let serviceB: TestService;
  let a: TestGateway;
  let b: TestGateway;
  let exportDir: string;

  beforeAll(async () => {
    exportDir = await mkdtemp(join(tmpdir(), 'foyer-exports-two-'));
    serviceA = await createTestService({ database: 'postgres' });
    await ensureDemoClients(serviceA.db);
    serviceB = await createTestService({ database: 'postgres', databaseUrl: serviceA.databaseUrl as string });
    a = await createTestGateway({ runtime: serviceA, service: embeddedService(serviceA.app), exportDir });
    b = await createTestGateway({ runtime: serviceB, service: embeddedService(serviceB.app), exportDir });
    await a.deps.mirror.syncNow(await organisationIdOf(a.db, DEMO.client));
  });
  afterAll(async () => {
    await serviceB?.close();
    await serviceA?.close();
    await rm(exportDir, { recursive: true, force: true });
  });

  it('writes each of six due schedules once, though both instances tick at the same moment', async () => {
    const manager = await signedInBrowser(a, MANAGER.email);
    const ids: number[] = [];
    for (const [kind, format] of [
      ['orders', 'csv'],
      ['orders', 'jsonl'],
      ['customers', 'csv'],
      ['customers', 'jsonl'],
      ['waitinglist', 'csv'],
      ['clienttypes', 'csv'],
    ]) {
      const created = await manager.request('/api/exports/schedules', {
        method: 'POST',
        json: { kind, format, timeOfDay: '04:00', timeZone: 'Europe/Amsterdam' },
      });
      ids.push(((await created.json()) as Schedule).id);
    }
    await a.db.query('update gateway.export_schedules set next_run_at = now() where id = any($1)', [ids]);
    const ran = await Promise.all([a.deps.exportScheduler?.tick(), b.deps.exportScheduler?.tick()]);
    expect(ran.reduce((sum: number, n) => sum + (n ?? 0), 0)).toBe(ids.length);
    const { rows } = await b.db.query<{ schedule_id: string; n: number }>(
      'select schedule_id, count(*)::int as n from gateway.export_files where schedule_id = any($1) group by schedule_id',
      [ids],
    );
    expect(rows.map((row) => row.n)).toEqual(ids.map(() => 1));
    const organisation = await organisationIdOf(a.db, DEMO.client);
    expect((await readdir(join(exportDir, String(organisation)))).filter((name) => !name.startsWith('.'))).toHaveLength(
      ids.length,
    );
    // The next run of each is tomorrow's (or later today's) 04:00, not now again.
    const { rows: next } = await a.db.query<{ next_run_at: Date }>(
      'select next_run_at from gateway.export_schedules where id = any($1)',
      [ids],
    );
    for (const row of next) expect(new Date(row.next_run_at).getTime()).toBeGreaterThan(Date.now());
  });
});
