import { createServer, type Server, type Socket } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageEnvelope } from '../pagination';
import {
  createTestGateway,
  signedInBrowser,
  TEST_ORIGIN,
  TestBrowser,
  type TestGateway,
} from '../testing/test-gateway';
import { embeddedService, upstreamService } from './service-connection';

const KEY = 'stub-service-key-0123456789';
const ADMIN = 'admin@stub.test';
const ORGANISATION = {
  clientName: 'demo',
  apiKey: KEY,
  people: [{ email: ADMIN, name: 'Stub Admin', role: 'administrator' }],
};

/**
 * A stand-in service that shows what the gateway sends it and answers in ways the reference service
 * rarely does (Location, Retry-After, 401 for a revoked key, 5xx), so each forwarding rule is visible. Its
 * paths are ones the route table forwards (permissions/route-permissions.ts).
 */
function stubService() {
  const stub = new Hono();
  const state = { revoked: false };
  // The gateway's key check (setup, key replacement).
  stub.get('/v1/:client/partner/hall', (c) => {
    const key = c.req.header('authorization');
    if (key === 'busy-key') return c.json({ message: 'Slow down' }, 429, { 'Retry-After': '7' });
    if (key === 'broken-key') return c.json({ message: 'Internal server error' }, 500);
    return (key === KEY || key === 'rotated-key') && !state.revoked
      ? c.json([])
      : c.json({ message: 'Unknown API key' }, 401);
  });
  stub.get('/v1/:client/partner/order', (c) =>
    c.json(
      pageEnvelope({
        requestUrl: c.req.url,
        page: Number(c.req.query('page') ?? '1'),
        total: 250,
        data: [{ orderId: 1, note: `${new URL(c.req.url).origin}/v1/demo/not-a-page-url` }],
      }),
    ),
  );
  stub.get('/v1/:client/partner/event', (c) => c.json([{ next_page_url: 'http://elsewhere/v1/x' }]));
  stub.get('/v1/:client/partner/customer/1', (c) =>
    state.revoked ? c.json({ message: 'Unknown API key' }, 401) : c.json({ customerId: 1 }),
  );
  stub.get('/v1/:client/partner/customer/2', (c) => c.json({ message: 'Forbidden' }, 403));
  stub.get('/v1/:client/partner/paymentmethods', (c) => c.text('plain text, not JSON'));
  stub.get('/v1/:client/partner/hall/:id', (c) =>
    c.json({ names: Array.from({ length: 200 }, (_, i) => `name ${i}`) }),
  );
  stub.delete('/v1/:client/partner/cart/:id', (c) => c.body(null, 204));
  stub.all('/v1/:client/*', async (c) => {
    const body = await c.req.text();
    return c.json(
      {
        method: c.req.method,
        path: c.req.path,
        query: c.req.query(),
        body,
        contentType: c.req.header('content-type') ?? null,
        keyAdded: c.req.header('authorization') === KEY,
        rotatedKeyAdded: c.req.header('authorization') === 'rotated-key',
        cookieSent: c.req.header('cookie') !== undefined,
        originSent: c.req.header('origin') !== undefined,
        acceptLanguage: c.req.header('accept-language') ?? null,
      },
      201,
      {
        Location: `${new URL(c.req.url).origin}/v1/${c.req.param('client')}/cart/abc`,
        'Retry-After': '3',
        'X-Internal-Detail': 'stays behind the gateway',
        'Set-Cookie': 'service_cookie=1',
      },
    );
  });
  return { stub, state };
}

describe('gateway forwarding rules', () => {
  const { stub, state } = stubService();
  let gateway: TestGateway;
  let browser: TestBrowser;

  beforeAll(async () => {
    gateway = await createTestGateway({ service: embeddedService(stub), organisations: [ORGANISATION] });
    browser = new TestBrowser(gateway.app);
    expect((await browser.signIn(ADMIN)).status).toBe(200);
  });
  afterAll(async () => {
    expect(browser.transcript()).not.toContain(KEY);
    await gateway?.close();
  });

  it('adds the key, drops the browser cookie and Origin, passes method, query, body and content type', async () => {
    const response = await browser.request('/api/v1/demo/partner/customer/7?a=1&b=two%20words', {
      method: 'PUT',
      json: { hello: 'world' },
      headers: { authorization: 'browser-supplied', 'accept-language': 'nl' },
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      method: 'PUT',
      path: '/v1/demo/partner/customer/7',
      query: { a: '1', b: 'two words' },
      body: '{"hello":"world"}',
      contentType: 'application/json',
      keyAdded: true,
      rotatedKeyAdded: false,
      cookieSent: false,
      originSent: false,
      acceptLanguage: 'nl',
    });
  });

  it('passes Location (in gateway form) and Retry-After, nothing else of the service', async () => {
    const response = await browser.request('/api/v1/demo/cart/', { method: 'POST' });
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe('/api/v1/demo/cart/abc');
    expect(response.headers.get('retry-after')).toBe('3');
    expect(response.headers.get('x-internal-detail')).toBeNull();
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it("says in Server-Timing where a forwarded call's time went: checks, the service, the records", async () => {
    for (const [path, method] of [
      ['/api/v1/demo/cart/', 'POST'],
      ['/api/v1/demo/partner/order?page=1', 'GET'],
      ['/api/v1/demo/partner/cart/abc', 'DELETE'],
    ] as const) {
      const response = await browser.request(path, { method });
      const timing = response.headers.get('server-timing') ?? '';
      const metrics = [...timing.matchAll(/(?:^|, )(\w+);dur=([\d.]+);desc="[^"]*"/g)];
      expect(metrics.map(([, name]) => name)).toEqual(['check', 'service', 'record']);
      for (const [, , duration] of metrics) expect(Number(duration)).toBeGreaterThanOrEqual(0);
    }
  });

  it('rewrites the page URLs of a pagination envelope to the gateway form, and only those', async () => {
    const response = await browser.request('/api/v1/demo/partner/order?page=2&changedSince=2026-01-01');
    const envelope = (await response.json()) as Record<string, unknown> & { data: { note: string }[] };
    expect(envelope).toMatchObject({
      current_page: 2,
      last_page: 3,
      next_page_url: '/api/v1/demo/partner/order?page=3&changedSince=2026-01-01',
      prev_page_url: '/api/v1/demo/partner/order?page=1&changedSince=2026-01-01',
      first_page_url: '/api/v1/demo/partner/order?page=1&changedSince=2026-01-01',
      last_page_url: '/api/v1/demo/partner/order?page=3&changedSince=2026-01-01',
      path: '/api/v1/demo/partner/order',
    });
    // Data is never touched, even when it holds a service URL.
    expect(envelope.data[0]?.note).toBe(`${TEST_ORIGIN}/v1/demo/not-a-page-url`);
    // The rewritten URL works when followed.
    const next = await browser.request(envelope.next_page_url as string);
    expect(((await next.json()) as { current_page: number }).current_page).toBe(3);

    const list = await browser.request('/api/v1/demo/partner/event');
    expect(await list.json()).toEqual([{ next_page_url: 'http://elsewhere/v1/x' }]);
  });

  it('gzips a JSON answer of 1 kB or more for a browser that accepts it, and only then', async () => {
    const expected = { names: Array.from({ length: 200 }, (_, i) => `name ${i}`) };
    const gzipped = await browser.request('/api/v1/demo/partner/hall/1', {
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('vary')).toBe('Accept-Encoding');
    expect(JSON.parse(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString('utf8'))).toEqual(expected);

    const plain = await browser.request('/api/v1/demo/partner/hall/1');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.json()).toEqual(expected);

    const small = await browser.request('/api/v1/demo/partner/hall', { headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual([]);
  });

  it('passes non-JSON bodies through as they are, and a 204 without a body', async () => {
    const response = await browser.request('/api/v1/demo/partner/paymentmethods');
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('plain text, not JSON');
    const emptied = await browser.request('/api/v1/demo/partner/cart/abc', { method: 'DELETE' });
    expect(emptied.status).toBe(204);
    expect(await emptied.text()).toBe('');
  });

  it('refuses a body over 1 MB with 413', async () => {
    const response = await browser.request('/api/v1/demo/partner/customer', {
      method: 'POST',
      body: 'x'.repeat(1_100_000),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: expect.any(String) });
    const own = await browser.request('/api/connection', { method: 'PUT', body: 'x'.repeat(1_100_000) });
    expect(own.status).toBe(413);
  });

  it("passes a 429 of the service's key check on with its Retry-After, and a 5xx as 502", async () => {
    const busy = await browser.request('/api/connection', { method: 'PUT', json: { apiKey: 'busy-key' } });
    expect(busy.status).toBe(429);
    expect(busy.headers.get('retry-after')).toBe('7');
    const broken = await browser.request('/api/connection', { method: 'PUT', json: { apiKey: 'broken-key' } });
    expect(broken.status).toBe(502);
    expect(await broken.json()).toEqual({ message: expect.any(String) });
  });

  it('answers 502 when the service refuses the organisation key (401 or 403); the session stays', async () => {
    const other = await signedInBrowser(gateway, ADMIN);
    expect((await other.request('/api/v1/demo/partner/customer/1')).status).toBe(200);
    const forbidden = await other.request('/api/v1/demo/partner/customer/2');
    expect(forbidden.status).toBe(502);
    state.revoked = true;
    try {
      const refused = await other.request('/api/v1/demo/partner/customer/1');
      expect(refused.status).toBe(502);
      expect(await refused.json()).toEqual({ message: expect.stringContaining("refused the organisation's API key") });
      expect(refused.headers.getSetCookie()).toEqual([]);
      expect(other.cookie).toBeDefined();
      expect((await other.request('/api/session')).status).toBe(200);
    } finally {
      state.revoked = false;
    }
    // An administrator connects the new key; calls work again.
    expect((await other.request('/api/connection', { method: 'PUT', json: { apiKey: 'rotated-key' } })).status).toBe(
      200,
    );
    const echoed = await other.request('/api/v1/demo/partner/customer', { method: 'POST', json: {} });
    expect(await echoed.json()).toMatchObject({ keyAdded: false, rotatedKeyAdded: true });
    await other.request('/api/connection', { method: 'PUT', json: { apiKey: KEY } });
  });
});

describe('gateway with an unreachable or silent upstream', () => {
  let closedPort: number;
  let silent: Server;
  let silentPort: number;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    const probe = createServer();
    closedPort = await new Promise<number>((resolve) =>
      probe.listen(0, '127.0.0.1', () => resolve((probe.address() as { port: number }).port)),
    );
    await new Promise((resolve) => probe.close(resolve));
    // Accepts connections and never answers.
    silent = createServer((socket) => sockets.push(socket));
    silentPort = await new Promise<number>((resolve) =>
      silent.listen(0, '127.0.0.1', () => resolve((silent.address() as { port: number }).port)),
    );
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('answers 502 on a key replacement when the service cannot be reached, keeping the old key', async () => {
    const gateway = await createTestGateway({
      service: upstreamService(`http://127.0.0.1:${closedPort}`),
      organisations: [ORGANISATION],
    });
    try {
      const browser = await signedInBrowser(gateway, ADMIN);
      const response = await browser.request('/api/connection', { method: 'PUT', json: { apiKey: 'another-key' } });
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({ message: expect.stringContaining('cannot be reached') });
      const { rows } = await gateway.db.query<{ sealed: Uint8Array }>(
        'select api_key_sealed as sealed from gateway.organisations',
      );
      expect(gateway.deps.organisations.openKey(rows[0]?.sealed as Uint8Array, 'demo')).toBe(KEY);
    } finally {
      await gateway.close();
    }
  });

  it('answers 502 when forwarding fails, 504 when the service does not answer in time', async () => {
    const slowGateway = await createTestGateway({
      service: upstreamService(`http://127.0.0.1:${silentPort}`, { timeoutMs: 200 }),
      organisations: [ORGANISATION],
    });
    const unreachable = await createTestGateway({
      service: upstreamService(`http://127.0.0.1:${closedPort}`),
      db: slowGateway.db,
    });
    try {
      const browser = await signedInBrowser(slowGateway, ADMIN);
      const slow = await browser.request('/api/v1/demo/partner/hall');
      expect(slow.status).toBe(504);
      expect(await slow.json()).toEqual({ message: expect.any(String) });

      const other = await signedInBrowser(unreachable, ADMIN);
      const failed = await other.request('/api/v1/demo/partner/hall');
      expect(failed.status).toBe(502);
      expect(await failed.json()).toEqual({ message: expect.stringContaining('cannot be reached') });
    } finally {
      await slowGateway.close();
    }
  });
});
