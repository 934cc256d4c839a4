import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRootApp } from './app';
import type { TrustProxy } from './client-address';
import type { GatewayDeps } from './gateway/gateway-deps';
import { embeddedService } from './gateway/service-connection';
import { openGateway, warmUpGateway } from './gateway/start-gateway';
import { isBackendPath } from './http/backend-paths';
import { GracefulServer } from './http/server-lifecycle';
import { TEST_MASTER_KEY } from './testing/test-gateway';
import { createTestService, DEMO, type TestService } from './testing/test-service';

/** The root app's own parts of issue 19: health endpoints, and forwarded headers only with TRUST_PROXY. */
describe('root app: health and TRUST_PROXY', () => {
  let service: TestService;
  let gateway: GatewayDeps;
  let draining = false;
  const log = pino({ level: 'silent' });

  beforeAll(async () => {
    service = await createTestService();
    ({ deps: gateway } = await openGateway(
      { DATA_DIR: '', FOYER_MASTER_KEY: TEST_MASTER_KEY },
      { db: service.db, service: embeddedService(service.app), log, seedDemo: false },
    ));
  });
  afterAll(async () => {
    await service?.close();
  });

  const rootApp = (trustProxy: TrustProxy) =>
    createRootApp({
      runtime: service,
      log,
      staticRoot: null,
      lifecycle: { draining: () => draining },
      trustProxy,
      gateway,
    });

  it('routes /health to the backend; live and ready answer, ready says 503 while draining', async () => {
    expect(isBackendPath('/health/ready')).toBe(true);
    const app = rootApp(false);
    expect(await (await app.request('/health/live')).json()).toEqual({ status: 'live' });
    expect((await app.request('/health/ready')).status).toBe(200);
    draining = true;
    try {
      const response = await app.request('/health/ready');
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect(await response.json()).toEqual({ message: expect.any(String) });
    } finally {
      draining = false;
    }
  });

  it('says ready only once the warm-up (search index, report rollups) is done', async () => {
    const lifecycle = new GracefulServer();
    let finish = () => {};
    const warmUp = new Promise<void>((resolve) => {
      finish = resolve;
    });
    lifecycle.warmingUp(warmUp);
    const app = createRootApp({ runtime: service, log, staticRoot: null, lifecycle, gateway });
    const starting = await app.request('/health/ready');
    expect(starting.status).toBe(503);
    expect(starting.headers.get('retry-after')).toBe('1');
    expect(await starting.json()).toEqual({ message: 'Starting' });
    finish();
    await warmUp;
    expect((await app.request('/health/ready')).status).toBe(200);
  });

  it('warms the customer search of every organisation before it says ready', async () => {
    let read = (_customers: number) => {};
    const warm = vi
      .spyOn(gateway.customerDirectories, 'warm')
      .mockImplementation(() => new Promise<number>((resolve) => (read = resolve)));
    try {
      const lifecycle = new GracefulServer();
      const warmUp = warmUpGateway(gateway);
      lifecycle.warmingUp(warmUp);
      const app = createRootApp({ runtime: service, log, staticRoot: null, lifecycle, gateway });
      await vi.waitFor(() => expect(warm).toHaveBeenCalled());
      expect((await app.request('/health/ready')).status).toBe(503);
      read(100_000);
      await warmUp;
      expect((await app.request('/health/ready')).status).toBe(200);
    } finally {
      warm.mockRestore();
    }
  });

  const forwarded = {
    authorization: DEMO.apiKey,
    'x-forwarded-proto': 'https',
    'x-forwarded-host': 'tickets.example.org',
    'x-forwarded-for': '203.0.113.7',
  };

  it('builds the service URLs from the forwarded origin only when a proxy is trusted', async () => {
    const pageUrl = async (trustProxy: TrustProxy) => {
      const response = await rootApp(trustProxy).request('http://foyer.internal:8080/v1/demo/partner/order', {
        headers: forwarded,
      });
      return ((await response.json()) as { first_page_url: string }).first_page_url;
    };
    expect(await pageUrl(false)).toMatch(/^http:\/\/foyer\.internal:8080\/v1\/demo\/partner\/order/);
    expect(await pageUrl(1)).toMatch(/^https:\/\/tickets\.example\.org\/v1\/demo\/partner\/order/);
  });

  it('passes bodies through when it rewrites the origin', async () => {
    const response = await rootApp(1).request('http://foyer.internal:8080/v1/demo/partner/customer', {
      method: 'POST',
      headers: { ...forwarded, 'content-type': 'application/json' },
      body: JSON.stringify({
        email: 'behind-proxy@example.test',
        customerFirstName: 'Behind',
        customerLastName: 'Proxy',
      }),
    });
    expect(response.status).toBe(201);
  });
});
