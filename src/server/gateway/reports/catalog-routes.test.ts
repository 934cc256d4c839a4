import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDemoFixtures } from '../../testing/demo-fixtures';
import {
  createTestGateway,
  demoPerson,
  signedInBrowser,
  type TestBrowser,
  type TestGateway,
} from '../../testing/test-gateway';
import { createTestService, type TestService } from '../../testing/test-service';
import { embeddedService, type ServiceConnection } from '../service-connection';

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

  it('answers 404 for an event the service does not know, and refuses a person without events or reports', async () => {
    expect((await admin.request('/api/catalog/events/987654321')).status).toBe(404);
    expect((await admin.request('/api/catalog/events/abc')).status).toBe(404);
    const anonymous = await first.app.request('http://foyer.test/api/catalog/halls', {
      headers: { origin: 'http://foyer.test' },
    });
    expect(anonymous.status).toBe(401);
  });
});
