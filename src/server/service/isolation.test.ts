import { afterAll, beforeAll, expect, it } from 'vitest';
import { type ClientFixture, createClientFixture, fixturePathValues } from '../testing/client-fixtures';
import { describeRoute, fillPath, listServiceRoutes, type ServiceRoute } from '../testing/service-routes';
import { createTestService, DEMO, describeEachDatabase, HARBOUR, type TestService } from '../testing/test-service';

/**
 * Spec section 5 and DESIGN.md decision 15: every partner route refuses requests without the client's
 * own key, and no key reaches another client's rows. Routes come from the service itself (OpenAPI
 * document + app routes), so a route added later is covered without editing this file.
 */

const basic = (user: string) => `Basic ${Buffer.from(`${user}:`).toString('base64')}`;

const ID_PARAMS = ['customerId', 'eventId', 'productionId', 'hallId', 'orderId', 'cartId', 'itemId'];

/** Bodies that pass validation, so a route reaches its lookup (and must answer 404 for a foreign id). */
function plausibleBody(route: ServiceRoute, own: ClientFixture): unknown {
  const path = route.path.replace('/v1/{client_name}', '');
  if (route.method === 'PUT' && path === '/partner/customer/{customerId}') return { customerCity: 'Overwritten' };
  if (path === '/partner/customer/{customerId}/clienttypes') return { clienttypes: [] };
  if (path === '/partner/customer/findByEmail') return { email: own.customerEmail };
  if (path === '/partner/cart/{cartId}/checkout') {
    return { customerId: own.customerId, paymentMethodId: own.paymentMethodId };
  }
  if (route.method === 'POST' && path === '/partner/cart/{cartId}') {
    return [{ priceId: String(own.ticketTypeId), rankId: own.rankId, eventId: own.eventId }];
  }
  // The payment page's form: cancelling another client's order must find nothing to cancel.
  if (route.method === 'POST' && path === '/pay/{order_key}') return new URLSearchParams({ action: 'cancel' });
  if (route.method === 'POST' && path === '/cart/{cart_id}') {
    return { event_id: own.eventId, numberoftickets: 1, discount_id: String(own.ticketTypeId) };
  }
  return {};
}

async function call(
  service: TestService,
  route: ServiceRoute,
  path: string,
  authorization: string | undefined,
  body: unknown,
): Promise<{ status: number; text: string; json: unknown }> {
  const init: RequestInit = { method: route.method, headers: {} };
  const headers = init.headers as Record<string, string>;
  if (authorization !== undefined) headers.authorization = authorization;
  if (body instanceof URLSearchParams) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    init.body = body.toString();
  } else if (route.method !== 'GET' && route.method !== 'DELETE') {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await service.request(path, init);
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json };
}

/** Page URLs are absolute; the in-process service takes the path and query. */
function relativeUrl(url: string): string {
  const parsed = new URL(url, 'http://service.test');
  return parsed.pathname + parsed.search;
}

/** The owner's rows that a leaking write could change: its customer (with tags), cart lines and order. */
async function snapshotOf(service: TestService, owner: ClientFixture): Promise<unknown[]> {
  const { rows } = await service.db.query(
    `select (select to_jsonb(c) from customers c where c.id = $1) as customer,
            (select coalesce(jsonb_agg(to_jsonb(i) order by i.id), '[]') from cart_items i where i.cart_id = $2) as cart_items,
            (select to_jsonb(o) from orders o where o.id = $3) as order_row`,
    [owner.customerId, owner.cartId, owner.orderId],
  );
  return rows;
}

const hasMessage = (json: unknown) =>
  typeof json === 'object' && json !== null && typeof (json as { message?: unknown }).message === 'string';

describeEachDatabase('partner isolation', (database) => {
  let service: TestService;
  let demo: ClientFixture;
  let harbour: ClientFixture;
  let routes: ServiceRoute[];
  let partnerRoutes: ServiceRoute[];

  beforeAll(async () => {
    service = await createTestService({ database });
    demo = await createClientFixture(service.db, DEMO);
    harbour = await createClientFixture(service.db, HARBOUR);
    routes = await listServiceRoutes(service);
    partnerRoutes = routes.filter((route) => route.group === 'partner');
  });
  afterAll(async () => {
    await service?.close();
  });

  it('finds the partner routes in the service itself', () => {
    expect(partnerRoutes.map(describeRoute)).toContain('GET /v1/{client_name}/partner/hall');
    // Every partner route is documented: integrators generate clients from the document.
    expect(partnerRoutes.filter((route) => !route.documented).map(describeRoute)).toEqual([]);
  });

  it('answers 401 / 401 / 403 with JSON { message } for no key, a wrong key and another client’s key, raw and Basic', async () => {
    const cases = [
      { name: 'no key', authorization: undefined, status: 401 },
      { name: 'empty Basic', authorization: 'Basic ', status: 401 },
      { name: 'wrong key raw', authorization: 'not-a-partner-key', status: 401 },
      { name: 'wrong key Basic', authorization: basic('not-a-partner-key'), status: 401 },
      { name: 'other client raw', authorization: HARBOUR.apiKey, status: 403 },
      { name: 'other client Basic', authorization: basic(HARBOUR.apiKey), status: 403 },
      { name: 'own key as Bearer', authorization: `Bearer ${DEMO.apiKey}`, status: 401 },
    ];
    const failures: string[] = [];
    for (const route of partnerRoutes) {
      const path = fillPath(route.path, fixturePathValues(demo));
      for (const { name, authorization, status } of cases) {
        const result = await call(service, route, path, authorization, plausibleBody(route, demo));
        if (result.status !== status || !hasMessage(result.json)) {
          failures.push(`${describeRoute(route)} [${name}] → ${result.status} ${result.text.slice(0, 80)}`);
        }
        if (result.text.includes(demo.marker)) failures.push(`${describeRoute(route)} [${name}] leaked data`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('lets the client’s own key in, raw and Basic, on every partner route', async () => {
    const failures: string[] = [];
    for (const route of partnerRoutes) {
      // Read-only calls only: a DELETE here would remove the fixtures the other tests use.
      if (route.method === 'DELETE') continue;
      const path = fillPath(route.path, fixturePathValues(demo));
      for (const authorization of [DEMO.apiKey, basic(DEMO.apiKey)]) {
        const result = await call(service, route, path, authorization, plausibleBody(route, demo));
        if (result.status === 401 || result.status === 403 || result.status >= 500) {
          failures.push(`${describeRoute(route)} → ${result.status} ${result.text.slice(0, 80)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  for (const [viewerName, ownerName] of [
    ['demo', 'harbour'],
    ['harbour', 'demo'],
  ] as const) {
    const pick = () => ({
      viewer: viewerName === 'demo' ? demo : harbour,
      owner: ownerName === 'demo' ? demo : harbour,
    });

    it(`gives ${viewerName}’s key a 404 for every id of ${ownerName} on every partner route`, async () => {
      const { viewer, owner } = pick();
      const before = await snapshotOf(service, owner);
      const failures: string[] = [];
      for (const route of partnerRoutes) {
        if (!route.pathParams.some((param) => ID_PARAMS.includes(param))) continue;
        const path = fillPath(route.path, { ...fixturePathValues(owner), client_name: viewer.client });
        const result = await call(service, route, path, viewer.apiKey, plausibleBody(route, viewer));
        if (result.status !== 404 || !hasMessage(result.json)) {
          failures.push(`${describeRoute(route)} → ${result.status} ${result.text.slice(0, 80)}`);
        }
        if (result.text.includes(owner.marker)) failures.push(`${describeRoute(route)} leaked ${ownerName} data`);
      }
      expect(failures).toEqual([]);
      // And nothing of the owner changed through those calls.
      expect(await snapshotOf(service, owner)).toEqual(before);
    });

    it(`gives ${viewerName}’s key a 404 for ${ownerName}’s seeded customers, events, productions, halls and orders`, async () => {
      const { viewer, owner } = pick();
      const samples: [string, string][] = [
        ['customerId', 'customers'],
        ['eventId', 'events'],
        ['productionId', 'productions'],
        ['hallId', 'halls'],
        ['orderId', 'orders'],
      ];
      const failures: string[] = [];
      for (const [param, table] of samples) {
        const { rows } = await service.db.query<{ id: number }>(
          `select id from ${table} where client_id = $1 order by id limit 3`,
          [owner.clientId],
        );
        for (const route of partnerRoutes) {
          if (route.method !== 'GET' || route.pathParams.join() !== `client_name,${param}`) continue;
          for (const { id } of rows) {
            const path = fillPath(route.path, { client_name: viewer.client, [param]: id });
            const result = await call(service, route, path, viewer.apiKey, undefined);
            if (result.status !== 404) failures.push(`${describeRoute(route)} ${param}=${id} → ${result.status}`);
          }
        }
      }
      expect(failures).toEqual([]);
    });

    it(`never shows ${ownerName}’s rows in ${viewerName}’s lists and exports`, async () => {
      const { viewer, owner } = pick();
      const failures: string[] = [];
      const since = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      for (const route of partnerRoutes) {
        if (route.pathParams.length > 1 || route.method === 'DELETE' || route.method === 'PUT') continue;
        const base = fillPath(route.path, { client_name: viewer.client });
        const findByEmail = route.path.endsWith('/findByEmail');
        // Recent rows first: the fixtures are the newest rows, and exports can be long.
        const starts =
          route.method === 'GET' ? [base, `${base}?changedSince=${since}`] : [`${base}?changedSince=${since}`];
        for (const start of starts) {
          let next: string | null = start;
          for (let page = 0; next && page < 30; page += 1) {
            const body = findByEmail ? { email: owner.customerEmail } : route.method === 'POST' ? {} : undefined;
            const result = await call(service, route, next, viewer.apiKey, body);
            if (result.text.includes(owner.marker)) failures.push(`${start} page ${page + 1} shows ${ownerName} data`);
            if (findByEmail && result.status !== 404) failures.push(`${start} → ${result.status}`);
            const nextUrl = (result.json as { next_page_url?: unknown } | undefined)?.next_page_url;
            next = typeof nextUrl === 'string' ? relativeUrl(nextUrl) : null;
          }
        }
      }
      expect(failures).toEqual([]);
    });

    it(`keeps ${ownerName}’s events, carts and orders out of ${viewerName}’s public group`, async () => {
      const { viewer, owner } = pick();
      const before = await snapshotOf(service, owner);
      const failures: string[] = [];
      for (const route of routes.filter((candidate) => candidate.group === 'public')) {
        const foreignIds = route.pathParams.length > 1;
        const path = fillPath(
          route.path,
          foreignIds ? { ...fixturePathValues(owner), client_name: viewer.client } : { client_name: viewer.client },
        );
        // POST /cart/ makes a new cart and POST /order/create needs a cart of the client: both are fine to call.
        const result = await call(service, route, path, undefined, plausibleBody(route, viewer));
        if (result.text.includes(owner.marker)) failures.push(`${describeRoute(route)} shows ${ownerName} data`);
        if (foreignIds && result.status !== 404) {
          failures.push(`${describeRoute(route)} with ${ownerName} ids → ${result.status}`);
        }
      }
      expect(failures).toEqual([]);
      expect(await snapshotOf(service, owner)).toEqual(before);
    });
  }
});
