import { gunzipSync } from 'node:zlib';
import type { Hono } from 'hono';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureDemoClients } from '../testing/client-fixtures';
import { createTestService, DEMO, HARBOUR, type TestService } from '../testing/test-service';
import { AttemptLimiter } from './attempt-limiter';
import { PAGE_URL_KEYS, toGatewayUrl } from './page-urls';
import { embeddedService } from './service-connection';
import type { SessionStore } from './session-store';
import { createTestGateway, TEST_ORIGIN, TestBrowser } from './test-gateway';

/** The gateway in front of the embedded reference service, as `npm start` runs it. */
describe('gateway (embedded service)', () => {
  let service: TestService;
  let app: Hono;
  let sessions: SessionStore;
  let browser: TestBrowser;
  const everyBrowser: TestBrowser[] = [];

  const newBrowser = () => {
    const created = new TestBrowser(app);
    everyBrowser.push(created);
    return created;
  };

  beforeAll(async () => {
    service = await createTestService();
    await ensureDemoClients(service.db);
    ({ app, sessions } = createTestGateway({ runtime: service, service: embeddedService(service.app) }));
  });
  afterAll(async () => {
    // One check over every response of every test in this file: the API keys never come back.
    const transcript = everyBrowser.map((b) => b.transcript()).join('\n');
    expect(transcript.length).toBeGreaterThan(0);
    for (const key of [DEMO.apiKey, HARBOUR.apiKey, 'wrong-key-for-demo']) expect(transcript).not.toContain(key);
    await service?.close();
  });
  beforeEach(() => {
    browser = newBrowser();
  });

  describe('sign-in', () => {
    it('accepts the right key: 200 { clientName } and an httpOnly, SameSite=Strict session cookie', async () => {
      const response = await browser.signIn(DEMO.client, DEMO.apiKey);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ clientName: 'demo' });
      const [cookie, ...others] = response.headers.getSetCookie();
      expect(others).toEqual([]);
      expect(cookie).toMatch(/^foyer_session=[\w-]{43}\.[\w-]{43};/);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Strict/);
      expect(cookie).toMatch(/; Path=\//);
      // Plain http: a Secure cookie would never come back.
      expect(cookie).not.toMatch(/; Secure/);
      expect(response.headers.get('cache-control')).toBe('no-store');
    });

    it('marks the cookie Secure behind an https proxy', async () => {
      const response = await browser.signIn(DEMO.client, DEMO.apiKey, {
        origin: 'https://foyer.test',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.getSetCookie()[0]).toMatch(/; Secure/);
    });

    it.each([
      ['a wrong key', DEMO.client, 'wrong-key-for-demo'],
      ["another client's key", DEMO.client, HARBOUR.apiKey],
      ['an unknown client', 'nobody', DEMO.apiKey],
      ['a client name that is not a path segment', 'demo/../harbour', DEMO.apiKey],
    ])('refuses %s with 401, a clear message, and no session', async (_case, clientName, apiKey) => {
      const before = sessions.size;
      const response = await browser.signIn(clientName, apiKey);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: 'Unknown client name or API key' });
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(sessions.size).toBe(before);
      expect((await browser.request('/api/session')).status).toBe(401);
    });

    it('answers 422 with field errors for an invalid body, 400 for malformed JSON', async () => {
      const invalid = await browser.request('/api/session', { method: 'POST', json: { clientName: '', apiKey: 42 } });
      expect(invalid.status).toBe(422);
      const body = (await invalid.json()) as { message: string; errors: Record<string, string[]> };
      expect(body.message).toEqual(expect.any(String));
      expect(Object.keys(body.errors).sort()).toEqual(['apiKey', 'clientName']);
      const malformed = await browser.request('/api/session', {
        method: 'POST',
        body: '{"clientName":',
        headers: { 'content-type': 'application/json' },
      });
      expect(malformed.status).toBe(400);
      expect(await malformed.json()).toEqual({ message: expect.any(String) });
    });

    it('replaces the previous session of the browser on a new sign-in', async () => {
      await browser.signIn(DEMO.client, DEMO.apiKey);
      const first = browser.cookie;
      await browser.signIn(DEMO.client, DEMO.apiKey);
      expect(browser.cookie).not.toBe(first);
      const stale = await browser.request('/api/session', { headers: { cookie: first ?? '' } });
      expect(stale.status).toBe(401);
    });
  });

  describe('session', () => {
    it('GET tells who is signed in; DELETE signs out and clears the cookie', async () => {
      expect((await browser.request('/api/session')).status).toBe(401);
      await browser.signIn(DEMO.client, DEMO.apiKey);
      const signedIn = await browser.request('/api/session');
      expect(signedIn.status).toBe(200);
      expect(await signedIn.json()).toEqual({ clientName: 'demo' });
      const cookie = browser.cookie;

      const signOut = await browser.request('/api/session', { method: 'DELETE' });
      expect(signOut.status).toBe(204);
      expect(signOut.headers.getSetCookie()[0]).toMatch(
        /^foyer_session=; Max-Age=0; Path=\/; HttpOnly; SameSite=Strict/,
      );
      expect(browser.cookie).toBeUndefined();
      // The server forgot the session: replaying the old cookie does not work.
      const replay = await browser.request('/api/session', { headers: { cookie: cookie ?? '' } });
      expect(replay.status).toBe(401);
      expect(await replay.json()).toEqual({ message: 'Not signed in' });
    });

    it('refuses a forged or tampered cookie', async () => {
      await browser.signIn(DEMO.client, DEMO.apiKey);
      const [id, signature] = (browser.cookie ?? '').slice('foyer_session='.length).split('.');
      for (const forged of [`${id}.${'A'.repeat(43)}`, `${'B'.repeat(43)}.${signature}`, id, 'x']) {
        const response = await browser.request('/api/v1/demo/partner/hall', {
          headers: { cookie: `foyer_session=${forged}` },
        });
        expect(response.status).toBe(401);
      }
    });
  });

  describe('forwarding /api/v1/{client_name}/...', () => {
    it('passes the service status and body through unchanged', async () => {
      await browser.signIn(DEMO.client, DEMO.apiKey);
      for (const path of [
        '/partner/hall',
        '/partner/hall/999999999',
        '/partner/event?startDate=not-a-date',
        '/nothing',
      ]) {
        const direct = await service.request(`/v1/demo${path}`, { key: DEMO.apiKey });
        const viaGateway = await browser.request(`/api/v1/demo${path}`);
        expect({ path, status: viaGateway.status }).toEqual({ path, status: direct.status });
        expect(await viaGateway.json()).toEqual(await direct.json());
        expect(viaGateway.headers.get('content-type')).toBe(direct.headers.get('content-type'));
      }
      // The cases above cover success, 404 and 422.
      const statuses = browser.responses.filter((r) => r.path.startsWith('/api/v1/')).map((r) => r.status);
      expect(statuses).toEqual(expect.arrayContaining([200, 404, 422]));
    });

    it('sends prepared bodies (event list, pages) in its own form, gzipped or not, and fresh after a change', async () => {
      await browser.signIn(DEMO.client, DEMO.apiKey);
      const method = (path: string) => (path.includes('/export/') ? 'POST' : 'GET');
      const viaGateway = async (path: string, acceptEncoding: string) => {
        const response = await browser.request(`/api/v1/demo${path}`, {
          method: method(path),
          headers: { 'accept-encoding': acceptEncoding },
        });
        expect(response.status).toBe(200);
        const bytes = Buffer.from(await response.arrayBuffer());
        const gzipped = response.headers.get('content-encoding') === 'gzip';
        return { gzipped, json: JSON.parse((gzipped ? gunzipSync(bytes) : bytes).toString('utf8')) as unknown };
      };
      const inGatewayForm = (body: unknown) => {
        if (Array.isArray(body)) return body;
        const envelope = { ...(body as Record<string, unknown>) };
        for (const key of PAGE_URL_KEYS) {
          const value = envelope[key];
          if (typeof value === 'string') envelope[key] = toGatewayUrl(value, TEST_ORIGIN);
        }
        return envelope;
      };
      for (const path of ['/partner/event', '/partner/order?page=1', '/partner/export/customers?page=2']) {
        const direct = await service.request(`/v1/demo${path}`, { key: DEMO.apiKey, method: method(path) });
        const expected = inGatewayForm(await direct.json());
        // Twice each way: the second time from what the gateway kept.
        for (const acceptEncoding of ['gzip', 'gzip', 'identity', 'identity']) {
          const answer = await viaGateway(path, acceptEncoding);
          expect({ path, gzipped: answer.gzipped }).toEqual({ path, gzipped: acceptEncoding === 'gzip' });
          expect(answer.json).toEqual(expected);
        }
      }
      // A change makes a new page, and the form the gateway kept goes with the old one.
      type Page = { data: { customerId: number; customerCity: string }[] };
      const before = (await viaGateway('/partner/export/customers?page=1', 'gzip')).json as Page;
      const customer = before.data[0] as Page['data'][number];
      const city = `${customer.customerCity.slice(0, 200)} Noord`;
      const edited = await browser.request(`/api/v1/demo/partner/customer/${customer.customerId}`, {
        method: 'PUT',
        json: { customerCity: city },
      });
      expect(edited.status).toBe(200);
      const after = (await viaGateway('/partner/export/customers?page=1', 'gzip')).json as Page;
      expect(after).not.toEqual(before);
      const moved = after.data.find((row) => row.customerId === customer.customerId);
      if (moved) expect(moved.customerCity).toBe(city);
    });

    it('answers 401 without a session, before anything reaches the service', async () => {
      const response = await browser.request('/api/v1/demo/partner/hall');
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: 'Not signed in' });
    });

    it('does not let a browser-sent Authorization header stand in for a session', async () => {
      const response = await browser.request('/api/v1/demo/partner/hall', {
        headers: { authorization: DEMO.apiKey },
      });
      expect(response.status).toBe(401);
    });

    it("answers 403 for another client's path, however it is spelled", async () => {
      await browser.signIn(DEMO.client, DEMO.apiKey);
      for (const path of [
        '/api/v1/harbour/partner/hall',
        '/api/v1/%68arbour/partner/hall',
        '/api/v1/demo%2F..%2Fharbour/partner/hall',
        '/api/v1/Demo/partner/hall',
        '/api/v1/%E0%A4%A/partner/hall',
      ]) {
        const response = await browser.request(path);
        expect({ path, status: response.status }).toEqual({ path, status: 403 });
        expect(await response.json()).toEqual({ message: expect.any(String) });
      }
      // Dot segments are resolved before routing, so they cannot climb out of the session's client.
      const climbed = await browser.request('/api/v1/demo/../harbour/partner/hall');
      expect(climbed.status).toBe(403);
    });
  });

  describe('same-origin check on state-changing requests', () => {
    it.each([
      ['no Origin header', { origin: null }],
      ['another Origin', { origin: 'https://evil.example' }],
      ['another scheme', { origin: 'https://foyer.test' }],
      ['another port', { origin: 'http://foyer.test:8443' }],
      ['Origin null', { origin: 'null' }],
      ['Sec-Fetch-Site: cross-site', { headers: { 'sec-fetch-site': 'cross-site' } }],
    ])('refuses a cross-origin POST with %s (403)', async (_case, init) => {
      const signIn = await browser.signIn(DEMO.client, DEMO.apiKey, init);
      expect(signIn.status).toBe(403);
      expect(await signIn.json()).toEqual({ message: 'Cross-site request refused' });
      expect(signIn.headers.getSetCookie()).toEqual([]);

      await browser.signIn(DEMO.client, DEMO.apiKey);
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        const forwarded = await browser.request('/api/v1/demo/partner/customer', { method, json: {}, ...init });
        expect({ method, status: forwarded.status }).toEqual({ method, status: 403 });
      }
      const signOut = await browser.request('/api/session', { method: 'DELETE', ...init });
      expect(signOut.status).toBe(403);
      expect((await browser.request('/api/session')).status).toBe(200);
    });

    it('accepts a same-origin POST, and a GET needs no Origin', async () => {
      expect(
        (await browser.signIn(DEMO.client, DEMO.apiKey, { headers: { 'sec-fetch-site': 'same-origin' } })).status,
      ).toBe(200);
      expect((await browser.request('/api/v1/demo/partner/hall', { origin: null })).status).toBe(200);
      // Reaches the service, which answers for itself (whatever the route's state of implementation).
      const posted = await browser.request('/api/v1/demo/partner/customer/findByEmail', {
        method: 'POST',
        json: { email: 'nobody@example.com' },
      });
      expect([404, 422]).toContain(posted.status);
    });

    it('never fails on hostile forwarded headers: the request is refused or served, never a 5xx', async () => {
      const hostile: Record<string, string>[] = [
        { 'x-forwarded-host': 'a b' },
        { 'x-forwarded-host': 'evil.example/path?' },
        { 'x-forwarded-proto': 'javascript' },
        { 'x-forwarded-proto': 'https', 'x-forwarded-host': '[::1' },
      ];
      for (const headers of hostile) {
        // An unusable forwarded header is ignored: the connection's own origin counts.
        const signIn = await browser.signIn(DEMO.client, DEMO.apiKey, { headers });
        expect({ headers, status: signIn.status }).toEqual({ headers, status: 200 });
        const read = await browser.request('/api/v1/demo/partner/hall', { headers });
        expect(read.status).toBeLessThan(500);
      }
    });

    it('takes the origin from X-Forwarded-Proto/-Host behind a reverse proxy', async () => {
      const response = await browser.signIn(DEMO.client, DEMO.apiKey, {
        origin: 'https://foyer.example.com',
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'foyer.example.com' },
      });
      expect(response.status).toBe(200);
    });
  });

  describe('sign-in rate limit', () => {
    it('allows 10 attempts per address in 5 minutes, then 429 with Retry-After; other addresses go on', async () => {
      let now = 0;
      const limiter = new AttemptLimiter({ limit: 10, windowMs: 5 * 60_000, now: () => now });
      const limited = createTestGateway({
        runtime: service,
        service: embeddedService(service.app),
        signInLimiter: limiter,
      }).app;
      const limitedBrowser = new TestBrowser(limited);
      everyBrowser.push(limitedBrowser);
      for (let attempt = 1; attempt <= 9; attempt++) {
        expect((await limitedBrowser.signIn(DEMO.client, 'wrong-key-for-demo', { address: '10.0.0.1' })).status).toBe(
          401,
        );
      }
      // Successes count too.
      expect((await limitedBrowser.signIn(DEMO.client, DEMO.apiKey, { address: '10.0.0.1' })).status).toBe(200);
      now = 60_000;
      const refused = await limitedBrowser.signIn(DEMO.client, DEMO.apiKey, { address: '10.0.0.1' });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe('240');
      expect(await refused.json()).toEqual({ message: expect.any(String) });
      expect(refused.headers.getSetCookie()).toEqual([]);

      expect((await limitedBrowser.signIn(DEMO.client, DEMO.apiKey, { address: '10.0.0.2' })).status).toBe(200);
      now = 5 * 60_000;
      expect((await limitedBrowser.signIn(DEMO.client, DEMO.apiKey, { address: '10.0.0.1' })).status).toBe(200);
    });
  });

  it('adds nosniff, no-referrer and no-store to every /api response', async () => {
    for (const response of [
      await browser.request('/api/session'),
      await browser.signIn(DEMO.client, DEMO.apiKey),
      await browser.request('/api/v1/demo/partner/hall'),
      await browser.request('/api/nothing'),
    ]) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('never logs an API key, even one typed into the client name field', async () => {
    let logged = '';
    const log = pino({ level: 'trace' }, { write: (line: string) => (logged += line) });
    const watched = createTestGateway({
      runtime: service,
      service: embeddedService(service.app),
      log,
      signInLimiter: new AttemptLimiter({ limit: 4, windowMs: 60_000 }),
    }).app;
    const watchedBrowser = new TestBrowser(watched);
    everyBrowser.push(watchedBrowser);
    await watchedBrowser.signIn(DEMO.apiKey, DEMO.apiKey);
    await watchedBrowser.signIn(DEMO.client, HARBOUR.apiKey);
    await watchedBrowser.signIn(DEMO.client, DEMO.apiKey);
    await watchedBrowser.request('/api/v1/demo/partner/hall');
    await watchedBrowser.request('/api/v1/harbour/partner/hall');
    await watchedBrowser.signIn(DEMO.client, DEMO.apiKey);
    expect((await watchedBrowser.signIn(DEMO.client, DEMO.apiKey)).status).toBe(429);
    expect(logged).toContain('signed in');
    expect(logged).toContain('sign-in refused');
    expect(logged).toContain('sign-in rate limited');
    for (const key of [DEMO.apiKey, HARBOUR.apiKey]) expect(logged).not.toContain(key);
  });

  it('keeps serving the service directly under /v1 and /openapi.json', async () => {
    expect((await browser.request('/openapi.json')).status).toBe(200);
    const direct = await app.request(`${TEST_ORIGIN}/v1/demo/partner/hall`, {
      headers: { authorization: DEMO.apiKey },
    });
    expect(direct.status).toBe(200);
    await direct.arrayBuffer();
  });
});
