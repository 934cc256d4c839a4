import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoClients } from '../testing/client-fixtures';
import { createTestGateway, DEMO_PASSWORD, demoPerson, TestBrowser, type TestGateway } from '../testing/test-gateway';
import { createTestService, DEMO, HARBOUR, type TestService } from '../testing/test-service';
import { upstreamService } from './service-connection';

/**
 * UPSTREAM_BASE_URL: the gateway forwards over HTTP to a Ticketing Service in another server (here a second
 * reference service on its own random port), with no embedded service of its own.
 */
describe('gateway in upstream mode (a second service instance on another port)', () => {
  let service: TestService;
  let server: ServerType;
  let upstreamUrl: string;
  let gateway: TestGateway;
  let app: Hono;
  let browser: TestBrowser;

  beforeAll(async () => {
    service = await createTestService();
    await ensureDemoClients(service.db);
    server = serve({ fetch: service.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    upstreamUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The gateway's own store (in-memory PGlite here), with the demo organisations and their people.
    gateway = await createTestGateway({ runtime: null, service: upstreamService(upstreamUrl), seedDemo: true });
    app = gateway.app;
    browser = new TestBrowser(app);
  });
  afterAll(async () => {
    if (browser) {
      for (const key of [DEMO.apiKey, HARBOUR.apiKey, DEMO_PASSWORD]) expect(browser.transcript()).not.toContain(key);
    }
    await gateway?.close();
    await new Promise((resolve) => server?.close(resolve));
    await service?.close();
  });

  it('signs staff in on its own, and checks a new key against the upstream service', async () => {
    const response = await browser.signIn(demoPerson('administrator').email);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ clientName: 'demo', role: { key: 'administrator' } });
    const wrong = await browser.request('/api/connection', { method: 'PUT', json: { apiKey: HARBOUR.apiKey } });
    expect(wrong.status).toBe(422);
    const right = await browser.request('/api/connection', { method: 'PUT', json: { apiKey: DEMO.apiKey } });
    expect(right.status).toBe(200);
  });

  it('forwards over HTTP: status and body as the upstream service gives them', async () => {
    for (const path of [
      '/partner/hall',
      '/partner/hall/999999999',
      '/partner/event?startDate=31-12-2026',
      '/partner/paymentmethods',
    ]) {
      const direct = await fetch(`${upstreamUrl}/v1/demo${path}`, { headers: { authorization: DEMO.apiKey } });
      const viaGateway = await browser.request(`/api/v1/demo${path}`);
      expect({ path, status: viaGateway.status }).toEqual({ path, status: direct.status });
      expect(await viaGateway.json()).toEqual(await direct.json());
    }
    const statuses = browser.responses.filter((r) => r.path.startsWith('/api/v1/')).map((r) => r.status);
    expect(statuses).toEqual(expect.arrayContaining([200, 404, 422]));
  });

  it("refuses another client's path with 403 and no session with 401", async () => {
    expect((await browser.request('/api/v1/harbour/partner/hall')).status).toBe(403);
    const anonymous = new TestBrowser(app);
    expect((await anonymous.request('/api/v1/demo/partner/hall')).status).toBe(401);
  });

  it('refuses a cross-origin POST before it reaches the upstream service', async () => {
    const response = await browser.request('/api/v1/demo/partner/customer', {
      method: 'POST',
      json: { customerEmail: 'x@example.com' },
      origin: 'https://evil.example',
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: 'Cross-site request refused' });
  });

  it('serves no embedded service of its own', async () => {
    expect((await browser.request('/v1/demo/partner/hall')).status).toBe(404);
    expect((await browser.request('/openapi.json')).status).toBe(404);
  });
});
