import { gunzipSync } from 'node:zlib';
import type { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureDemoClients } from '../testing/client-fixtures';
import {
  createTestGateway,
  DEMO_PASSWORD,
  demoPerson,
  signedInBrowser,
  TEST_ORIGIN,
  TestBrowser,
  type TestGateway,
} from '../testing/test-gateway';
import { createTestService, DEMO, HARBOUR, type TestService } from '../testing/test-service';
import { PAGE_URL_KEYS, toGatewayUrl } from './page-urls';
import { embeddedService } from './service-connection';

const ADMIN = demoPerson('administrator').email;
const BOX_OFFICE = demoPerson('box-office').email;

/** The gateway in front of the embedded reference service, as `npm start` runs it. */
describe('gateway (embedded service)', () => {
  let service: TestService;
  let gateway: TestGateway;
  let app: Hono;
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
    gateway = await createTestGateway({ runtime: service, service: embeddedService(service.app) });
    app = gateway.app;
  });
  afterAll(async () => {
    // One check over every response of every test in this file: the API keys never come back.
    const transcript = everyBrowser.map((b) => b.transcript()).join('\n');
    expect(transcript.length).toBeGreaterThan(0);
    for (const key of [DEMO.apiKey, HARBOUR.apiKey, DEMO_PASSWORD]) expect(transcript).not.toContain(key);
    await gateway?.close();
    await service?.close();
  });
  beforeEach(() => {
    browser = newBrowser();
  });
  /** Signs `browser` in without a password check (argon2 costs ~100 ms): for tests about what follows. */
  const signInQuickly = async (email = ADMIN) => {
    browser.cookie = (await signedInBrowser(gateway, email)).cookie;
  };
  const sessionCount = async () => {
    const { rows } = await gateway.db.query<{ n: number }>('select count(*)::int as n from gateway.sessions');
    return rows[0]?.n ?? 0;
  };

  describe('sign-in', () => {
    it('accepts the right password: 200 with the session view and an httpOnly, SameSite=Strict session cookie', async () => {
      const response = await browser.signIn(ADMIN);
      expect(response.status).toBe(200);
      const view = (await response.json()) as { permissions: string[] };
      expect(view).toMatchObject({
        clientName: 'demo',
        person: { email: ADMIN, name: 'Ada Admin' },
        role: { key: 'administrator', name: 'Administrator' },
        totpEnabled: false,
        mustEnrolTotp: false,
      });
      expect(view.permissions).toContain('connection:manage');
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
      const response = await browser.signIn(BOX_OFFICE, DEMO_PASSWORD, {
        origin: 'https://foyer.test',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.status).toBe(200);
      expect(response.headers.getSetCookie()[0]).toMatch(/; Secure/);
    });

    it.each([
      ['a wrong password', ADMIN, 'wrong-password-for-demo'],
      ["another person's password", BOX_OFFICE, `${DEMO_PASSWORD}x`],
      ['an unknown email address', 'nobody@demo.test', DEMO_PASSWORD],
      ['the API key as password', ADMIN, DEMO.apiKey],
    ])('refuses %s with 401, a clear message, and no session', async (_case, email, password) => {
      const before = await sessionCount();
      const response = await browser.signIn(email, password);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: 'Unknown email address or wrong password' });
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(await sessionCount()).toBe(before);
      expect((await browser.request('/api/session')).status).toBe(401);
    });

    it('finds the account whatever the case of the email address', async () => {
      expect((await browser.signIn(ADMIN.toUpperCase())).status).toBe(200);
    });

    it('answers 422 with field errors for an invalid body, 400 for malformed JSON', async () => {
      const invalid = await browser.request('/api/session', { method: 'POST', json: { email: '', password: 42 } });
      expect(invalid.status).toBe(422);
      const body = (await invalid.json()) as { message: string; errors: Record<string, string[]> };
      expect(body.message).toEqual(expect.any(String));
      expect(Object.keys(body.errors).sort()).toEqual(['email', 'password']);
      const malformed = await browser.request('/api/session', {
        method: 'POST',
        body: '{"email":',
        headers: { 'content-type': 'application/json' },
      });
      expect(malformed.status).toBe(400);
      expect(await malformed.json()).toEqual({ message: expect.any(String) });
    });

    it('replaces the previous session of the browser on a new sign-in', async () => {
      await signInQuickly(BOX_OFFICE);
      const first = browser.cookie;
      expect((await browser.signIn(BOX_OFFICE)).status).toBe(200);
      expect(browser.cookie).not.toBe(first);
      const stale = await browser.request('/api/session', { headers: { cookie: first ?? '' } });
      expect(stale.status).toBe(401);
    });
  });

  describe('session', () => {
    it('GET tells who is signed in and what they may do; DELETE signs out and clears the cookie', async () => {
      expect((await browser.request('/api/session')).status).toBe(401);
      await signInQuickly(BOX_OFFICE);
      const signedIn = await browser.request('/api/session');
      expect(signedIn.status).toBe(200);
      expect(await signedIn.json()).toEqual({
        clientName: 'demo',
        person: { id: expect.any(Number), email: BOX_OFFICE, name: 'Bo Kassa' },
        role: { key: 'box-office', name: 'Box office' },
        permissions: ['events:read', 'sales:sell', 'sales:no-sale', 'customers:lookup'],
        totpEnabled: false,
        mustEnrolTotp: false,
      });
      const cookie = browser.cookie;

      const signOut = await browser.request('/api/session', { method: 'DELETE' });
      expect(signOut.status).toBe(204);
      expect(signOut.headers.getSetCookie()[0]).toMatch(
        /^foyer_session=; Max-Age=0; Path=\/; HttpOnly; SameSite=Strict/,
      );
      expect(browser.cookie).toBeUndefined();
      // The server ended the session: replaying the old cookie does not work.
      const replay = await browser.request('/api/session', { headers: { cookie: cookie ?? '' } });
      expect(replay.status).toBe(401);
      expect(await replay.json()).toEqual({ message: 'Not signed in' });
    });

    it('refuses a forged or tampered cookie', async () => {
      await signInQuickly();
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
      await signInQuickly();
      for (const path of ['/partner/hall', '/partner/hall/999999999', '/partner/event?startDate=not-a-date']) {
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
      await signInQuickly();
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
      await signInQuickly();
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
      const before = await sessionCount();
      const signIn = await browser.signIn(ADMIN, DEMO_PASSWORD, init);
      expect(signIn.status).toBe(403);
      expect(await signIn.json()).toEqual({ message: 'Cross-site request refused' });
      expect(signIn.headers.getSetCookie()).toEqual([]);
      expect(await sessionCount()).toBe(before);

      await signInQuickly();
      for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
        const forwarded = await browser.request('/api/v1/demo/partner/customer', { method, json: {}, ...init });
        expect({ method, status: forwarded.status }).toEqual({ method, status: 403 });
        expect(await forwarded.json()).toEqual({ message: 'Cross-site request refused' });
      }
      // The gateway's own state-changing routes too.
      for (const [method, path] of [
        ['PUT', '/api/connection'],
        ['POST', '/api/staff/invitations'],
        ['PUT', '/api/account/password'],
        ['POST', '/api/account/sessions/end-others'],
      ] as const) {
        const own = await browser.request(path, { method, json: {}, ...init });
        expect({ path, status: own.status }).toEqual({ path, status: 403 });
        expect(await own.json()).toEqual({ message: 'Cross-site request refused' });
      }
      const signOut = await browser.request('/api/session', { method: 'DELETE', ...init });
      expect(signOut.status).toBe(403);
      expect((await browser.request('/api/session')).status).toBe(200);
    });

    it('accepts a same-origin POST, and a GET needs no Origin', async () => {
      expect(
        (await browser.signIn(ADMIN, DEMO_PASSWORD, { headers: { 'sec-fetch-site': 'same-origin' } })).status,
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
        // An unusable forwarded value is ignored (the connection's own counts for it): the sign-in is served,
        // or refused as cross-site when the rest no longer matches the Origin sent.
        const signIn = await browser.signIn(BOX_OFFICE, DEMO_PASSWORD, { headers });
        expect({ headers, refusedOrServed: [200, 403].includes(signIn.status) }).toEqual({
          headers,
          refusedOrServed: true,
        });
        const read = await browser.request('/api/v1/demo/partner/hall', { headers });
        expect(read.status).toBeLessThan(500);
      }
    });

    it('believes X-Forwarded-Proto/-Host only when TRUST_PROXY says a proxy sets them', async () => {
      const untrusting = await createTestGateway({
        runtime: service,
        service: embeddedService(service.app),
        trustProxy: false,
        seedDemo: false,
      });
      const visitor = new TestBrowser(untrusting.app);
      const claimed = await visitor.signIn(BOX_OFFICE, DEMO_PASSWORD, {
        origin: 'https://foyer.example.com',
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'foyer.example.com' },
      });
      expect(claimed.status).toBe(403);
    });

    it('takes the origin from X-Forwarded-Proto/-Host behind a reverse proxy', async () => {
      const response = await browser.signIn(BOX_OFFICE, DEMO_PASSWORD, {
        origin: 'https://foyer.example.com',
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'foyer.example.com' },
      });
      expect(response.status).toBe(200);
    });
  });

  it('adds nosniff, no-referrer and no-store to every /api response', async () => {
    for (const response of [
      await browser.request('/api/session'),
      await browser.signIn(BOX_OFFICE),
      await browser.request('/api/v1/demo/partner/hall'),
      await browser.request('/api/nothing'),
    ]) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
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
