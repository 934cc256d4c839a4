import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestGateway, DEMO_PEOPLE, TestBrowser, type TestGateway } from '../../testing/test-gateway';
import { embeddedService } from '../service-connection';
import { type Permission, ROLE_PRESETS } from './permissions';
import { FORWARDED_ROUTES, forwardedRouteFor } from './route-permissions';

const KEY = 'matrix-stub-key-0123456789';
const SERVICE_SAYS = 'answered by the stub service';

/** A service that answers every call itself, and says so, so its answers cannot pass for the gateway's. */
function echoService() {
  const hits: string[] = [];
  const stub = new Hono();
  stub.all('*', (c) => {
    hits.push(`${c.req.method} ${c.req.path}`);
    return c.json({
      message: SERVICE_SAYS,
      method: c.req.method,
      path: c.req.path,
      keyAdded: c.req.header('authorization') === KEY,
    });
  });
  return { stub, hits };
}

/** A concrete path for a pattern: `{name}` becomes a number. */
const concrete = (pattern: string) => pattern.replace(/\{[^}]+\}/g, '17');

describe('forwarded calls × preset roles (generated from FORWARDED_ROUTES and ROLE_PRESETS)', () => {
  const { stub, hits } = echoService();
  let gateway: TestGateway;
  const browsers = new Map<string, TestBrowser>();

  beforeAll(async () => {
    gateway = await createTestGateway({
      service: embeddedService(stub),
      organisations: [{ clientName: 'demo', apiKey: KEY, people: DEMO_PEOPLE }],
    });
    for (const preset of ROLE_PRESETS) {
      const person = DEMO_PEOPLE.find((candidate) => candidate.role === preset.key);
      if (!person) throw new Error(`no demo person for ${preset.key}`);
      const browser = new TestBrowser(gateway.app);
      expect((await browser.signIn(person.email)).status).toBe(200);
      browsers.set(preset.key, browser);
    }
  });
  afterAll(async () => {
    for (const browser of browsers.values()) expect(browser.transcript()).not.toContain(KEY);
    await gateway?.close();
  });

  it('has a demo person for every preset role, and every row is found by its own concrete path', () => {
    expect(ROLE_PRESETS.map((preset) => preset.key).sort()).toEqual(DEMO_PEOPLE.map((person) => person.role).sort());
    for (const route of FORWARDED_ROUTES) {
      expect(forwardedRouteFor(route.method, concrete(route.path))).toMatchObject({
        method: route.method,
        path: route.path,
      });
    }
  });

  const holds = (preset: (typeof ROLE_PRESETS)[number], permissions: readonly Permission[] = []) =>
    permissions.some((permission) => preset.permissions.includes(permission));
  const cases = FORWARDED_ROUTES.flatMap((route) =>
    ROLE_PRESETS.map((preset) => ({
      route,
      preset,
      // A permission of `allow` lets the call through as it is; one of `limited.allow` within its limit
      // (their cases: forward/forward-limits.test.ts, against the real service).
      verdict: holds(preset, route.allow)
        ? 'allowed'
        : holds(preset, route.limited?.allow)
          ? `limited to ${route.limited?.to}`
          : 'refused',
    })),
  );

  it.each(cases.map((c) => [`${c.route.method} ${c.route.path}`, c.preset.key, c.verdict, c] as const))(
    '%s as %s: %s',
    async (_call, _role, verdict, { route, preset }) => {
      // A limited customer read reaches the service (its answer is cut); a limited order read is refused here,
      // as order 17 is none of the desk's.
      // A quick create of no field is within its limit.
      const allowed =
        verdict === 'allowed' || verdict === 'limited to buyer-summary' || verdict === 'limited to quick-create';
      const browser = browsers.get(preset.key) as TestBrowser;
      const path = `/v1/demo${concrete(route.path)}`;
      const before = hits.length;
      const response = await browser.request(`/api${path}`, {
        method: route.method,
        ...(route.method === 'POST' || route.method === 'PUT' ? { json: {} } : {}),
      });
      const body = (await response.json()) as { message: string; path?: string; keyAdded?: boolean };
      if (allowed) {
        expect(response.status).toBe(200);
        expect(body).toMatchObject({ message: SERVICE_SAYS, path, keyAdded: true });
        // A customer edit and a tag change are preceded by a read of what they replace (for the audit trail).
        const readsFirst =
          (route.method === 'PUT' && route.path === '/partner/customer/{customerId}') ||
          (route.method === 'POST' && route.path.endsWith('/clienttypes'));
        // A tag change is followed by a read of the customer, for the mirror (mirror/write-through.ts).
        const readsAfter = route.method === 'POST' && route.path.endsWith('/clienttypes');
        expect(hits.slice(before)).toEqual([
          ...(readsFirst ? [`GET ${path}`] : []),
          `${route.method} ${path}`,
          ...(readsAfter ? [`GET ${path.replace(/\/clienttypes$/, '')}`] : []),
        ]);
      } else if (verdict === 'limited to desk-orders') {
        expect(response.status).toBe(403);
        expect(body.message).toContain('was not sold in Foyer');
        expect(hits.length).toBe(before);
      } else {
        expect(response.status).toBe(403);
        expect(body.message).toContain(`Your role (${preset.name}) does not allow this`);
        for (const permission of [...route.allow, ...(route.limited?.allow ?? [])]) {
          expect(body.message).toContain(permission);
        }
        expect(hits.length).toBe(before);
      }
    },
  );

  it.each([
    ['an unknown partner path', 'GET', '/partner/nothing'],
    ['a method the table does not know for a mapped path', 'PATCH', '/partner/customer/17'],
    ['another method on a mapped path', 'DELETE', '/partner/customer/17'],
    ['the public event list', 'GET', '/events'],
    ['an encoded slash', 'GET', '/partner/customer/17%2Fclienttypes'],
    ['an encoded backslash', 'GET', '/partner/cart/17%5Csummary'],
    ['a trailing slash', 'GET', '/partner/hall/'],
  ])('refuses %s (%s %s) for every role with 403, before the service', async (_case, method, below) => {
    for (const preset of ROLE_PRESETS) {
      const before = hits.length;
      const response = await (browsers.get(preset.key) as TestBrowser).request(`/api/v1/demo${below}`, {
        method,
        ...(method === 'GET' ? {} : { json: {} }),
      });
      expect({ role: preset.key, status: response.status }).toEqual({ role: preset.key, status: 403 });
      expect(await response.json()).toEqual({ message: 'Foyer does not forward this call.' });
      expect(hits.length).toBe(before);
    }
  });

  it('answers 401 to a signed-out request for any forwarded call', async () => {
    const anonymous = new TestBrowser(gateway.app);
    for (const route of FORWARDED_ROUTES) {
      const response = await anonymous.request(`/api/v1/demo${concrete(route.path)}`, { method: route.method });
      expect({ route: route.path, status: response.status }).toEqual({ route: route.path, status: 401 });
    }
  });
});
