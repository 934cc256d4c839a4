import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoFixtures } from '../../testing/demo-fixtures';
import {
  createTestGateway,
  demoPerson,
  signedInBrowser,
  TestBrowser,
  type TestGateway,
} from '../../testing/test-gateway';
import { createTestService, type TestService } from '../../testing/test-service';
import { embeddedService, type ServiceConnection } from '../service-connection';

/**
 * What the app's dashboard reads (src/web/features/dashboard): its range (two weeks in the app; a year here, where
 * the test seed's performances are), the halls, the first eight performances' details.
 */
async function dashboard(browser: TestBrowser): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  const last = new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
  const events = (await (await browser.request(`/api/catalog/events?startDate=${today}&endDate=${last}`)).json()) as {
    eventId: number;
    eventType: string | null;
    start: string;
  }[];
  expect((await browser.request('/api/catalog/halls')).status).toBe(200);
  const performances = events
    .filter((event) => event.eventType === null || event.eventType === 'event')
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || a.eventId - b.eventId)
    .slice(0, 8);
  expect(performances.length).toBeGreaterThan(0);
  for (const event of performances)
    expect((await browser.request(`/api/catalog/events/${event.eventId}`)).status).toBe(200);
}

/**
 * The dashboard's reads shared by the organisation's people (issue 32): the second person — on another
 * instance over the same database — is answered without a request to the service while the copy is fresh.
 */
describe('the shared event catalog', () => {
  let service: TestService;
  let first: TestGateway;
  let second: TestGateway;
  let admin: TestBrowser;
  let manager: TestBrowser;
  let eventId: number;
  const upstream: string[] = [];

  beforeAll(async () => {
    service = await createTestService();
    const embedded = embeddedService(service.app);
    const counting: ServiceConnection = {
      fetch: (path, init, origin) => {
        upstream.push(`${init.method ?? 'GET'} ${path}`);
        return embedded.fetch(path, init, origin);
      },
      baseUrl: embedded.baseUrl,
      prepared: embedded.prepared,
    };
    // Two instances over one database: nothing shared lives in a process.
    first = await createTestGateway({ runtime: service, service: counting });
    second = await createTestGateway({ runtime: service, service: counting });
    admin = await signedInBrowser(first, demoPerson('administrator').email);
    manager = await signedInBrowser(second, demoPerson('manager').email);
    eventId = (await loadDemoFixtures(service.db)).arena.eventId;
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await service?.close();
  });

  const today = new Date().toISOString().slice(0, 10);
  const dashboardReads = [
    `/api/catalog/events?startDate=${today}&endDate=${today}`,
    '/api/catalog/halls',
    () => `/api/catalog/events/${eventId}`,
    '/api/catalog/events',
  ];
  const pathOf = (read: string | (() => string)) => (typeof read === 'string' ? read : read());

  it('answers as the forwarded reads do, asking the service once for the first person', async () => {
    upstream.length = 0;
    for (const read of dashboardReads) {
      const path = pathOf(read);
      const shared = await admin.request(path);
      expect(shared.status, path).toBe(200);
      const forwardedPath = path
        .replace('/api/catalog/halls', '/api/v1/demo/partner/hall')
        .replace('/api/catalog/events', '/api/v1/demo/partner/event');
      const forwarded = await admin.request(forwardedPath);
      expect(await shared.json()).toEqual(await forwarded.json());
    }
    // Each shared read once, each forwarded read once.
    expect(upstream).toHaveLength(dashboardReads.length * 2);
  });

  it("costs the service nothing for the organisation's second person, on another instance", async () => {
    upstream.length = 0;
    for (const read of dashboardReads) expect((await manager.request(pathOf(read))).status).toBe(200);
    expect(upstream).toEqual([]);
  });

  it('reads a detail again once it is older than 30 s; a list stays fresh for minutes', async () => {
    await service.db.query(`update gateway.shared_reads set read_at = now() - interval '31 seconds'`);
    upstream.length = 0;
    for (const read of dashboardReads) expect((await manager.request(pathOf(read))).status).toBe(200);
    expect(upstream).toEqual([`GET /v1/demo/partner/event/${eventId}`]);
  });

  it("keeps the dashboard fresh after each sync round: a day's first person costs at most its range, the next nothing", async () => {
    const { rows } = await service.db.query<{ id: string }>(
      `select id from gateway.organisations where client_name = 'demo'`,
    );
    const organisationId = Number(rows[0]?.id);
    await first.deps.mirror.syncNow(organisationId);
    // A new day: nothing kept from yesterday's reads.
    await service.db.query('delete from gateway.shared_reads');
    // The round's refresh, by one instance only (the round's mark).
    expect(await first.deps.sharedReads.refreshDue()).toBe(1);
    expect(await second.deps.sharedReads.refreshDue()).toBe(0);
    const session = async (gateway: TestGateway, email: string) => {
      upstream.length = 0;
      const browser = new TestBrowser(gateway.app);
      expect((await browser.signIn(email)).status).toBe(200);
      expect((await browser.request('/api/session')).status).toBe(200);
      await dashboard(browser);
      return [...upstream];
    };
    // The first person: the range of the day was not asked for yet.
    const firstPerson = await session(first, demoPerson('administrator').email);
    expect(firstPerson).toEqual([expect.stringMatching(/^GET \/v1\/demo\/partner\/event\?startDate=/)]);
    expect(await session(second, demoPerson('manager').email)).toEqual([]);
    // The next round reads again only what would be stale before the round after it: the availability.
    await service.db.query(`update gateway.mirror_sync_state set last_success_at = now() where organisation_id = $1`, [
      organisationId,
    ]);
    upstream.length = 0;
    expect(await second.deps.sharedReads.refreshDue()).toBe(1);
    expect(upstream.length).toBeGreaterThan(0);
    expect(upstream.every((call) => /^GET \/v1\/demo\/partner\/event\/\d+$/.test(call))).toBe(true);
  });

  it('answers 404 for an event the service does not know, and refuses a person without events or reports', async () => {
    expect((await admin.request('/api/catalog/events/987654321')).status).toBe(404);
    expect((await admin.request('/api/catalog/events/abc')).status).toBe(404);
    const anonymous = await first.app.request('http://foyer.test/api/catalog/halls', {
      headers: { origin: 'http://foyer.test' },
    });
    expect(anonymous.status).toBe(401);
  });
});
