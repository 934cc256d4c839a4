import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestGateway,
  DEMO_PEOPLE,
  demoPerson,
  signedInBrowser,
  TestBrowser,
  type TestGateway,
} from '../testing/test-gateway';
import { type DeclaredRoute, NOT_PAIRED, permissionsOf } from './access';
import { createGatewayApp } from './gateway';
import { ROLE_PRESETS } from './permissions';
import { embeddedService } from './service-connection';

/** A concrete path for a declared pattern: parameters become `1`, the forwarded wildcard a partner path. */
const concrete = (route: DeclaredRoute) =>
  `/api${route.path.replace(/:[A-Za-z]+/g, '1').replace('/v1/*', '/v1/demo/partner/hall')}`;

describe("the gateway's own routes", () => {
  let gateway: TestGateway;
  let declared: DeclaredRoute[];
  let served: { method: string; path: string }[];

  beforeAll(async () => {
    const stub = new Hono();
    stub.all('*', (c) => c.json({ message: 'the stub service' }));
    gateway = await createTestGateway({
      service: embeddedService(stub),
      organisations: [{ clientName: 'demo', apiKey: 'stub-key-for-access', people: DEMO_PEOPLE }],
    });
    const built = createGatewayApp(gateway.deps);
    declared = built.routes.declared;
    // The middleware (same-origin, body limit) and the final not-found are for every path.
    served = built.app.routes.filter(
      (route) => !(route.method === 'ALL' && (route.path === '*' || route.path === '/*')),
    );
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it('declares every route it serves with who may call it', () => {
    expect(served.length).toBeGreaterThan(10);
    for (const route of served) {
      const entry = declared.find((candidate) => candidate.method === route.method && candidate.path === route.path);
      expect({ route: `${route.method} ${route.path}`, declared: Boolean(entry) }).toEqual({
        route: `${route.method} ${route.path}`,
        declared: true,
      });
      expect(entry?.access).toBeDefined();
    }
    // …and serves every route it declares.
    for (const entry of declared) {
      expect(served.some((route) => route.method === entry.method && route.path === entry.path)).toBe(true);
    }
  });

  it("refuses a signed-out request to every route that is not public with 401 (a buyer's screen's: not paired)", async () => {
    const anonymous = new TestBrowser(gateway.app);
    const guarded = declared.filter((route) => route.access !== 'public');
    expect(guarded.length).toBeGreaterThan(10);
    for (const route of guarded) {
      const response = await anonymous.request(concrete(route), {
        method: route.method,
        ...(route.method === 'GET' ? {} : { json: {} }),
      });
      expect({ route: `${route.method} ${route.path}`, status: response.status }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 401,
      });
      expect(await response.json()).toEqual({ message: route.access === 'display' ? NOT_PAIRED : 'Not signed in' });
    }
  });

  it('refuses every route that needs a permission to each preset role without it, with 403 naming the role', async () => {
    const withPermission = declared.flatMap((route) =>
      typeof route.access === 'object' ? [{ route, allowed: permissionsOf(route.access) }] : [],
    );
    expect(withPermission.length).toBeGreaterThan(5);
    const browsers = new Map<string, TestBrowser>();
    let checked = 0;
    for (const { route, allowed } of withPermission) {
      const without = ROLE_PRESETS.filter((candidate) => !allowed.some((p) => candidate.permissions.includes(p)));
      for (const preset of without) {
        let browser = browsers.get(preset.key);
        if (!browser) {
          browser = await signedInBrowser(gateway, demoPerson(preset.key).email);
          browsers.set(preset.key, browser);
        }
        const response = await browser.request(concrete(route), {
          method: route.method,
          ...(route.method === 'GET' ? {} : { json: {} }),
        });
        const label = `${route.method} ${route.path} as ${preset.key}`;
        expect({ label, status: response.status }).toEqual({ label, status: 403 });
        const { message } = (await response.json()) as { message: string };
        expect(message).toContain(`Your role (${preset.name})`);
        for (const permission of allowed) expect(message).toContain(permission);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(withPermission.length);
  });

  it('answers other paths under /api with 404 JSON', async () => {
    const browser = await signedInBrowser(gateway, demoPerson('administrator').email);
    const response = await browser.request('/api/nothing');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not found' });
  });
});
