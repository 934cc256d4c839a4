import { createServer, type Server, type Socket } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageEnvelope } from '../service/routes/pagination';
import { embeddedService, upstreamService } from './service-connection';
import { createTestGateway, TEST_ORIGIN, TestBrowser } from './test-gateway';

const KEY = 'stub-service-key-0123456789';

/**
 * A stand-in service that shows what the gateway sends it and answers in ways the reference service
 * rarely does (Location, Retry-After, 401 for a revoked key, 5xx), so each forwarding rule is visible.
 */
function stubService(): Hono {
  const stub = new Hono();
  let revoked = false;
  stub.get('/v1/:client/partner/hall', (c) => {
    const client = c.req.param('client');
    if (client === 'busy') return c.json({ message: 'Slow down' }, 429, { 'Retry-After': '7' });
    if (client === 'broken') return c.json({ message: 'Internal server error' }, 500);
    return c.req.header('authorization') === KEY && !revoked ? c.json([]) : c.json({ message: 'Unknown API key' }, 401);
  });
  stub.all('/v1/:client/echo/*', async (c) => {
    const body = await c.req.text();
    return c.json(
      {
        method: c.req.method,
        path: c.req.path,
        query: c.req.query(),
        body,
        contentType: c.req.header('content-type') ?? null,
        keyAdded: c.req.header('authorization') === KEY,
        cookieSent: c.req.header('cookie') !== undefined,
        originSent: c.req.header('origin') !== undefined,
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
  stub.get('/v1/:client/partner/order-list', (c) => c.json([{ next_page_url: 'http://elsewhere/v1/x' }]));
  stub.post('/v1/:client/revoke', (c) => {
    revoked = true;
    return c.body(null, 204);
  });
  stub.get('/v1/:client/partner/customer/1', (c) =>
    revoked ? c.json({ message: 'Unknown API key' }, 401) : c.json({ customerId: 1 }),
  );
  stub.get('/v1/:client/text', (c) => c.text('plain text, not JSON'));
  stub.get('/v1/:client/partner/big', (c) => c.json({ names: Array.from({ length: 200 }, (_, i) => `name ${i}`) }));
  return stub;
}

describe('gateway forwarding rules', () => {
  const { app } = createTestGateway({ service: embeddedService(stubService()) });
  const browser = new TestBrowser(app);

  beforeAll(async () => {
    expect((await browser.signIn('demo', KEY)).status).toBe(200);
  });
  afterAll(() => {
    expect(browser.transcript()).not.toContain(KEY);
  });

  it('adds the key, drops the browser cookie and Origin, passes method, query, body and content type', async () => {
    const response = await browser.request('/api/v1/demo/echo/x?a=1&b=two%20words', {
      method: 'PUT',
      json: { hello: 'world' },
      headers: { authorization: 'browser-supplied', 'accept-language': 'nl' },
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({
      method: 'PUT',
      path: '/v1/demo/echo/x',
      query: { a: '1', b: 'two words' },
      body: '{"hello":"world"}',
      contentType: 'application/json',
      keyAdded: true,
      cookieSent: false,
      originSent: false,
    });
  });

  it('passes Location (in gateway form) and Retry-After, nothing else of the service', async () => {
    const response = await browser.request('/api/v1/demo/echo/y', { method: 'POST' });
    expect(response.headers.get('location')).toBe('/api/v1/demo/cart/abc');
    expect(response.headers.get('retry-after')).toBe('3');
    expect(response.headers.get('x-internal-detail')).toBeNull();
    expect(response.headers.getSetCookie()).toEqual([]);
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

    const list = await browser.request('/api/v1/demo/partner/order-list');
    expect(await list.json()).toEqual([{ next_page_url: 'http://elsewhere/v1/x' }]);
  });

  it('gzips a JSON answer of 1 kB or more for a browser that accepts it, and only then', async () => {
    const expected = { names: Array.from({ length: 200 }, (_, i) => `name ${i}`) };
    const gzipped = await browser.request('/api/v1/demo/partner/big', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('vary')).toBe('Accept-Encoding');
    expect(JSON.parse(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).toString('utf8'))).toEqual(expected);

    const plain = await browser.request('/api/v1/demo/partner/big');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.json()).toEqual(expected);

    const small = await browser.request('/api/v1/demo/partner/hall', { headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.json()).toEqual([]);
  });

  it('passes non-JSON bodies through as they are', async () => {
    const response = await browser.request('/api/v1/demo/text');
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await response.text()).toBe('plain text, not JSON');
  });

  it('refuses a body over 1 MB with 413', async () => {
    const response = await browser.request('/api/v1/demo/echo/big', { method: 'POST', body: 'x'.repeat(1_100_000) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: expect.any(String) });
  });

  it('passes a 429 of the service at sign-in on with its Retry-After, and a 5xx as 502', async () => {
    const busy = await browser.signIn('busy', KEY);
    expect(busy.status).toBe(429);
    expect(busy.headers.get('retry-after')).toBe('7');
    const broken = await browser.signIn('broken', KEY);
    expect(broken.status).toBe(502);
    expect(await broken.json()).toEqual({ message: expect.any(String) });
  });

  it('ends the session when the service no longer accepts the key (401 passed on, cookie cleared)', async () => {
    const other = new TestBrowser(app);
    expect((await other.signIn('demo', KEY)).status).toBe(200);
    expect((await other.request('/api/v1/demo/partner/customer/1')).status).toBe(200);
    await other.request('/api/v1/demo/revoke', { method: 'POST' });
    const refused = await other.request('/api/v1/demo/partner/customer/1');
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ message: 'Unknown API key' });
    expect(refused.headers.getSetCookie()[0]).toMatch(/^foyer_session=; Max-Age=0/);
    expect(other.cookie).toBeUndefined();
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

  it('answers 502 at sign-in when the service cannot be reached, with no session', async () => {
    const { app, sessions } = createTestGateway({ service: upstreamService(`http://127.0.0.1:${closedPort}`) });
    const response = await new TestBrowser(app).signIn('demo', KEY);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ message: expect.stringContaining('cannot be reached') });
    expect(sessions.size).toBe(0);
  });

  it('answers 502 when forwarding fails, 504 when the service does not answer in time', async () => {
    const { app, sessions } = createTestGateway({
      service: upstreamService(`http://127.0.0.1:${silentPort}`, { timeoutMs: 200 }),
    });
    const browser = new TestBrowser(app);
    browser.cookie = `foyer_session=${sessions.create('demo', KEY)}`;
    const slow = await browser.request('/api/v1/demo/partner/hall');
    expect(slow.status).toBe(504);
    expect(await slow.json()).toEqual({ message: expect.any(String) });

    const unreachable = createTestGateway({ service: upstreamService(`http://127.0.0.1:${closedPort}`) });
    const other = new TestBrowser(unreachable.app);
    other.cookie = `foyer_session=${unreachable.sessions.create('demo', KEY)}`;
    expect((await other.request('/api/v1/demo/partner/hall')).status).toBe(502);
  });
});
