import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  type ClientFixture,
  createClientFixture,
  createFixtureCart,
  fixturePathValues,
} from '../testing/client-fixtures';
import { describeRoute, fillPath, listServiceRoutes, type ServiceRoute } from '../testing/service-routes';
import { createTestService, DEMO, describeEachDatabase, HARBOUR, type TestService } from '../testing/test-service';

/**
 * Property tests: whatever a caller sends — malformed bodies, path parameters, queries, headers — the
 * service never answers 5xx, and every error is JSON `{ message }` (DESIGN.md decision 2). Every route
 * of the service is covered, including routes added after this file was written.
 */

const NUM_RUNS = 30;

const nastyStrings = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x'.repeat(70_000),
  '😀'.repeat(2_000),
  'مرحبا بالعالم',
  'ﬁ\u0301\u202e',
  '..',
  '../../etc/passwd',
  "'; drop table customers; --",
  '%00',
  '%',
  '1e309',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1.5',
  '0x10',
  '9'.repeat(40),
  '2147483648',
  '-2147483649',
  'null',
  'true',
  '[]',
  '{}',
  '2026-02-30',
  '0000-00-00',
  '2026-13-01T25:61:00Z',
  'upcoming',
];

const nastyString = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(...nastyStrings),
);

const nastyScalar = fc.oneof(
  nastyString,
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1, 2 ** 31, -2_147_483_649, Number.MAX_SAFE_INTEGER, 1e300, -1e300, 0.001, 12.345),
  fc.boolean(),
  fc.constant(null),
);

const nastyValue = fc.oneof(
  { depthSize: 'small' },
  nastyScalar,
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(nastyScalar, { maxLength: 5 }),
  fc.dictionary(nastyString, nastyScalar, { maxKeys: 5 }),
  fc.array(fc.dictionary(nastyString, fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }), { maxLength: 3 }),
);

interface RawBody {
  contentType: string | undefined;
  body: string | undefined;
  label: string;
}

const json = (value: unknown, label: string): RawBody => ({
  contentType: 'application/json',
  body: JSON.stringify(value) ?? 'null',
  label,
});

/** Bodies aimed at one route: its own field names with values of every wrong type, plus junk. */
function bodyArbitrary(route: ServiceRoute): fc.Arbitrary<RawBody> {
  const fieldsObject =
    route.bodyFields.length > 0
      ? fc.record(Object.fromEntries(route.bodyFields.map((field) => [field, nastyValue])), { requiredKeys: [] })
      : fc.dictionary(nastyString, nastyValue, { maxKeys: 4 });
  return fc.oneof(
    fieldsObject.map((value) => json(value, 'fields with wrong values')),
    fc.array(fieldsObject, { maxLength: 4 }).map((value) => json(value, 'array of objects')),
    nastyValue.map((value) => json(value, 'random JSON')),
    fc
      .string({ maxLength: 60 })
      .map((text) => ({ contentType: 'application/json', body: `{${text}`, label: 'invalid JSON' })),
    fc.constantFrom<RawBody>(
      { contentType: 'application/json', body: '', label: 'empty JSON body' },
      { contentType: 'application/json', body: '{"a":', label: 'truncated JSON' },
      { contentType: 'application/json', body: '\u0000\u0001', label: 'binary' },
      { contentType: 'application/json', body: `[${'['.repeat(5_000)}`, label: 'deep nesting' },
      { contentType: 'application/json', body: JSON.stringify({ a: 'x'.repeat(1_000_000) }), label: 'one MB' },
      { contentType: undefined, body: undefined, label: 'no body' },
      { contentType: undefined, body: '{"email":"a@b.test"}', label: 'JSON without content type' },
      { contentType: 'text/plain', body: 'hello', label: 'text/plain' },
      { contentType: 'application/x-www-form-urlencoded', body: 'email=a%40b.test&page=2', label: 'form' },
      { contentType: 'multipart/form-data; boundary=x', body: '--x\r\nnonsense', label: 'broken multipart' },
      { contentType: 'application/json; charset=latin1', body: '{"x":"\u00e9"}', label: 'odd charset' },
    ),
  );
}

/** encodeURIComponent throws on lone surrogates; those go as the replacement character a client would send. */
function encodeSegment(value: string): string {
  return encodeURIComponent(
    value.replace(/[\ud800-\udfff]/g, (char, index: number) => {
      const code = char.charCodeAt(0);
      const pairedHigh = code < 0xdc00 && /[\udc00-\udfff]/.test(value[index + 1] ?? '');
      const pairedLow = code >= 0xdc00 && /[\ud800-\udbff]/.test(value[index - 1] ?? '');
      return pairedHigh || pairedLow ? char : '\ufffd';
    }),
  );
}

/** Path segments as a hostile caller would send them (some deliberately not percent-encoded). */
const nastySegment = fc.oneof(
  nastyString.filter((value) => value.length > 0 && value.length < 5_000).map(encodeSegment),
  fc.constantFrom('..', '.', '%', '%zz', '%C0%AF', '%2e%2e', '%00', '-5', '0', '1.0', '1e3', '+1', '%20', 'ß', '1;2'),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }).map(String),
  fc.bigInt({ min: 2n ** 31n, max: 10n ** 30n }).map(String),
);

const queryKeys = ['page', 'changedSince', 'startDate', 'endDate', 'email', 'limit', 'page[]', '__proto__'];

function queryArbitrary(route: ServiceRoute): fc.Arbitrary<string> {
  const key = fc.oneof(fc.constantFrom(...new Set([...route.queryParams, ...queryKeys])), fc.string({ maxLength: 10 }));
  return fc.oneof(
    fc
      .array(fc.tuple(key, fc.oneof(nastyString, fc.integer().map(String))), { maxLength: 4 })
      .map((pairs) => `?${new URLSearchParams(pairs.map(([k, v]) => [k, v.slice(0, 5_000)])).toString()}`),
    fc.constantFrom('?%zz', '?page=%', '?&&==&', '?page=1&page=2', '?page=-1', '?page=99999999999999999999'),
  );
}

/** Header values cannot carry control characters (fetch's Headers rejects them before the service sees them). */
const headerSafe = (value: string) =>
  [...value].filter((char) => char.charCodeAt(0) >= 0x20 && char.charCodeAt(0) < 0x7f).join('');

interface Outcome {
  status: number;
  contentType: string;
  text: string;
}

function problem(outcome: Outcome): string | null {
  if (outcome.status >= 500) return `status ${outcome.status}: ${outcome.text.slice(0, 200)}`;
  if (outcome.status < 400) return null;
  if (!outcome.contentType.includes('application/json')) return `error ${outcome.status} is ${outcome.contentType}`;
  try {
    const body = JSON.parse(outcome.text) as { message?: unknown };
    if (typeof body.message !== 'string') return `error ${outcome.status} without a string message: ${outcome.text}`;
  } catch {
    return `error ${outcome.status} is not JSON: ${outcome.text.slice(0, 200)}`;
  }
  return null;
}

describeEachDatabase('bad input', (database) => {
  let service: TestService;
  let demo: ClientFixture;
  let routes: ServiceRoute[];

  beforeAll(async () => {
    service = await createTestService({ database });
    demo = await createClientFixture(service.db, DEMO);
    await createClientFixture(service.db, HARBOUR);
    routes = await listServiceRoutes(service);
  });
  afterAll(async () => {
    await service?.close();
  });

  async function send(
    route: ServiceRoute,
    path: string,
    body: RawBody | undefined,
    authorization: string | undefined = route.group === 'partner' ? DEMO.apiKey : undefined,
    method: string = route.method,
  ): Promise<Outcome> {
    const headers = new Headers();
    if (authorization !== undefined) headers.set('authorization', authorization);
    if (body?.contentType) headers.set('content-type', body.contentType);
    const response = await service.request(path, { method, headers, body: body?.body ?? null });
    return {
      status: response.status,
      contentType: response.headers.get('content-type') ?? '',
      text: await response.text(),
    };
  }

  /** Valid path values; carts are fresh for every call so deletes and checkouts do not starve later runs. */
  async function validPathValues(route: ServiceRoute): Promise<Record<string, string | number>> {
    const values = fixturePathValues(demo);
    if (route.pathParams.some((param) => param === 'cartId' || param === 'cart_id')) {
      const cart = await createFixtureCart(service.db, demo.clientId, demo.marker);
      Object.assign(values, {
        cartId: cart.cartId,
        cart_id: cart.cartId,
        itemId: cart.cartItemId,
        seat_id: cart.cartItemId,
      });
    }
    return values;
  }

  /** Runs one property per route; collects every route's counterexample instead of stopping at the first. */
  async function forEveryRoute<Ts extends [unknown, ...unknown[]]>(
    select: (route: ServiceRoute) => boolean,
    property: (route: ServiceRoute) => fc.IAsyncProperty<Ts>,
    numRuns = NUM_RUNS,
  ): Promise<void> {
    const failures: string[] = [];
    const selected = routes.filter(select);
    expect(selected.length).toBeGreaterThan(0);
    for (const route of selected) {
      try {
        await fc.assert(property(route), { numRuns, endOnFailure: true });
      } catch (error) {
        const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
        const summary = error instanceof Error ? error.message.split('\n').slice(0, 3).join(' ') : String(error);
        failures.push(`${describeRoute(route)}: ${cause.slice(0, 400)} — ${summary.slice(0, 300)}`);
      }
    }
    expect(failures).toEqual([]);
  }

  it('never fails on malformed bodies (every route, valid key and ids)', async () => {
    await forEveryRoute(
      (route) => route.method !== 'GET',
      (route) =>
        fc.asyncProperty(bodyArbitrary(route), async (body) => {
          const path = fillPath(route.path, await validPathValues(route));
          const issue = problem(await send(route, path, body));
          if (issue) throw new Error(`${body.label}: ${issue}`);
        }),
    );
  });

  it('never fails on malformed path parameters', async () => {
    await forEveryRoute(
      (route) => route.pathParams.length > 0,
      (route) => {
        const segments = fc.record(
          Object.fromEntries(route.pathParams.map((param) => [param, fc.option(nastySegment, { freq: 3 })])),
        );
        return fc.asyncProperty(segments, async (chosen) => {
          const values = await validPathValues(route);
          // Hostile segments go in raw (fillPath would encode them) so malformed escapes reach the router.
          const path = route.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
            const segment = chosen[name];
            return typeof segment === 'string' ? segment : encodeURIComponent(String(values[name] ?? '1'));
          });
          const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : json({}, 'empty object');
          const issue = problem(await send(route, path, body));
          if (issue) throw new Error(`${path}: ${issue}`);
        });
      },
    );
  });

  it('never fails on malformed query strings', async () => {
    await forEveryRoute(
      () => true,
      (route) =>
        fc.asyncProperty(queryArbitrary(route), async (query) => {
          const path = fillPath(route.path, await validPathValues(route)) + query;
          const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : json({}, 'empty object');
          const issue = problem(await send(route, path, body));
          if (issue) throw new Error(`${query.slice(0, 200)}: ${issue}`);
        }),
      15,
    );
  });

  it('never fails on odd Authorization headers (partner routes answer 401/403 JSON)', async () => {
    const header = fc.oneof(
      fc.string({ unit: 'binary-ascii', maxLength: 60 }).map(headerSafe),
      fc.string({ maxLength: 60 }).map((user) => `Basic ${Buffer.from(user).toString('base64')}`),
      fc.string({ maxLength: 30 }).map((value) => `Basic ${headerSafe(value)}`),
      fc.constantFrom(
        'Basic',
        'Basic ====',
        'Basic Og==',
        `Basic ${Buffer.from(':').toString('base64')}`,
        'x'.repeat(8_000),
      ),
    );
    await forEveryRoute(
      (route) => route.group === 'partner',
      (route) =>
        fc.asyncProperty(header, async (authorization) => {
          const path = fillPath(route.path, await validPathValues(route));
          const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : json({}, 'empty object');
          const outcome = await send(route, path, body, authorization);
          const issue = problem(outcome);
          if (issue) throw new Error(`${JSON.stringify(authorization.slice(0, 80))}: ${issue}`);
          if (![401, 403].includes(outcome.status)) throw new Error(`accepted ${JSON.stringify(authorization)}`);
        }),
      10,
    );
  });

  it('answers NUL bytes and out-of-range numbers with 4xx JSON (cases fuzzing found)', async () => {
    const cart = await createFixtureCart(service.db, demo.clientId, demo.marker);
    const cases: [string, string, string | undefined][] = [
      ['GET', '/v1/demo/order/%00', undefined],
      ['GET', '/v1/demo/tickets/%00', undefined],
      ['GET', '/v1/demo/receipt/a%00b', undefined],
      ['GET', '/v1/demo/cart/%00', undefined],
      ['DELETE', `/v1/demo/partner/cart/${cart.cartId}/2147483678`, DEMO.apiKey],
      ['DELETE', `/v1/demo/partner/cart/${cart.cartId}/99999999999999999999`, DEMO.apiKey],
      ['GET', '/v1/demo/partner/customer/2147483648', DEMO.apiKey],
      ['GET', '/v1/demo/partner/event/%00', DEMO.apiKey],
    ];
    for (const [method, path, authorization] of cases) {
      const response = await service.request(path, { method, headers: authorization ? { authorization } : {} });
      expect(response.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(response.status, `${method} ${path}`).toBeLessThan(500);
      expect(await response.json()).toEqual(expect.objectContaining({ message: expect.any(String) }));
    }
  });

  it('answers unknown routes, methods and clients with 404 JSON', async () => {
    const fixed: [string, string, string | undefined, number][] = [
      ['GET', '/v1/demo/nope', undefined, 404],
      ['GET', '/v1/demo/partner/nope', DEMO.apiKey, 404],
      ['POST', '/v1/demo/partner/hall/1/nope', DEMO.apiKey, 404],
      ['GET', '/v1/nobody/events', undefined, 404],
      ['GET', '/v1/nobody/partner/hall', DEMO.apiKey, 404],
      ['GET', '/v2/demo/events', undefined, 404],
      ['GET', '/', undefined, 404],
      ['PATCH', '/v1/demo/partner/hall', DEMO.apiKey, 404],
    ];
    for (const [method, path, authorization, status] of fixed) {
      const headers = new Headers(authorization ? { authorization } : {});
      const response = await service.request(path, { method, headers });
      expect(response.status, `${method} ${path}`).toBe(status);
      expect(await response.json()).toEqual({ message: expect.any(String) });
    }

    const method = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS');
    await fc.assert(
      fc.asyncProperty(
        method,
        fc.array(nastySegment, { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        async (verb, segments, withKey) => {
          const path = `/v1/${segments.join('/')}`;
          const headers = new Headers(withKey ? { authorization: DEMO.apiKey } : {});
          const response = await service.request(path, { method: verb, headers });
          const issue = problem({
            status: response.status,
            contentType: response.headers.get('content-type') ?? '',
            text: await response.text(),
          });
          if (issue) throw new Error(`${verb} ${path}: ${issue}`);
        },
      ),
      { numRuns: 100 },
    );
  });

  // Issue 19: what the attack on the service found.

  /** A request as it comes from the network: with a socket peer (the throttles count it). */
  let addressSerial = 0;
  const freshAddress = () => {
    addressSerial += 1;
    return `192.0.2.${addressSerial % 250}:${database}:${addressSerial}`;
  };
  const fromNetwork = (address: string, path: string, init: RequestInit) =>
    Promise.resolve(
      service.app.request(`http://service.test${path}`, init, { incoming: { socket: { remoteAddress: address } } }),
    );

  it('refuses every body over 1 MB with 413 JSON on every route, and never reads an unauthenticated partner body', async () => {
    await forEveryRoute(
      (route) => route.method !== 'GET',
      (route) =>
        fc.asyncProperty(
          fc.integer({ min: 1024 * 1024 + 1, max: 3 * 1024 * 1024 }),
          fc.boolean(),
          fc.boolean(),
          async (size, streamed, withKey) => {
            const path = fillPath(route.path, await validPathValues(route));
            let pulled = 0;
            const chunk = new Uint8Array(64 * 1024).fill(0x20);
            const body = streamed
              ? new ReadableStream<Uint8Array>({
                  pull(controller) {
                    if (pulled >= size) return controller.close();
                    pulled += chunk.length;
                    controller.enqueue(chunk);
                  },
                })
              : ' '.repeat(size);
            const headers = new Headers({ 'content-type': 'application/json' });
            if (withKey) headers.set('authorization', DEMO.apiKey);
            const response = await service.request(path, {
              method: route.method,
              headers,
              body,
              ...(streamed ? { duplex: 'half' } : {}),
            } as RequestInit);
            const outcome = {
              status: response.status,
              contentType: response.headers.get('content-type') ?? '',
              text: await response.text(),
            };
            const issue = problem(outcome);
            if (issue) throw new Error(`${size} bytes${streamed ? ' streamed' : ''}: ${issue}`);
            const refusedUnread = route.group === 'partner' && !withKey;
            const expected = refusedUnread ? 401 : 413;
            // A route may refuse the request for its path first (an unknown id, a closed cart): never accept it.
            if (outcome.status !== expected && (outcome.status < 400 || outcome.status === 422)) {
              throw new Error(`${size} bytes${streamed ? ' streamed' : ''}: ${outcome.status} instead of ${expected}`);
            }
            if (streamed && pulled > (refusedUnread ? 256 * 1024 : 1024 * 1024 + 128 * 1024)) {
              throw new Error(`read ${pulled} bytes of a body it refused`);
            }
          },
        ),
      3,
    );
  });

  it('never accepts Basic with a non-empty password, whatever the password', async () => {
    const partnerRoutes = routes.filter((route) => route.group === 'partner' && route.method === 'GET');
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...partnerRoutes),
        fc.string({ minLength: 1, maxLength: 40 }),
        async (route, password) => {
          const path = fillPath(route.path, await validPathValues(route));
          const authorization = `Basic ${Buffer.from(`${DEMO.apiKey}:${password}`).toString('base64')}`;
          const outcome = await send(route, path, undefined, authorization);
          if (outcome.status !== 401) throw new Error(`${JSON.stringify(password)} gave ${outcome.status}`);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('throttles failed partner keys per address: 401 up to the limit, then 429 JSON with Retry-After', async () => {
    const limit = service.deps.partnerAuthFailureLimit;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(fc.string({ unit: 'binary-ascii', maxLength: 40 }).map(headerSafe), nastyString.map(headerSafe)),
          {
            minLength: limit + 1,
            maxLength: limit + 5,
          },
        ),
        async (keys) => {
          const address = freshAddress();
          const statuses: number[] = [];
          for (const key of keys) {
            const response = await fromNetwork(address, '/v1/demo/partner/hall', {
              headers: key.trim() ? { authorization: `wrong-${key}` } : { authorization: 'wrong' },
            });
            statuses.push(response.status);
            const issue = problem({
              status: response.status,
              contentType: response.headers.get('content-type') ?? '',
              text: await response.text(),
            });
            if (issue) throw new Error(issue);
            if (response.status === 429 && !/^\d+$/.test(response.headers.get('retry-after') ?? '')) {
              throw new Error('429 without a Retry-After in seconds');
            }
          }
          const expected = keys.map((_, index) => (index < limit ? 401 : 429));
          if (JSON.stringify(statuses) !== JSON.stringify(expected)) throw new Error(`statuses ${statuses}`);
        },
      ),
      { numRuns: 4 },
    );
  });

  it('lets an anonymous order add consent for an existing customer but never withdraw it or change their data', async () => {
    const legacyForms: unknown[] = ['1', 1, true, '0', 0, false, null, undefined];
    const customers = await service.db.query<{ id: number; email: string }>(
      'select id, email from customers where client_id = $1 order by id limit 40',
      [demo.clientId],
    );
    const { rows: methods } = await service.db.query<{ id: number }>(
      `select id from payment_methods where client_id = $1 and kind = 'online' order by id limit 1`,
      [demo.clientId],
    );
    let next = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...legacyForms),
        fc.constantFrom(...legacyForms),
        fc.option(fc.boolean(), { nil: undefined }),
        fc.option(fc.boolean(), { nil: undefined }),
        async (optinBefore, mailBefore, optinTick, mailTick) => {
          const customer = customers.rows[next % customers.rows.length];
          next += 1;
          if (!customer) throw new Error('no customers');
          const prefs: Record<string, unknown> = {};
          if (optinBefore !== undefined) prefs.user_prefs_optin = optinBefore;
          if (mailBefore !== undefined) prefs.user_prefs_mailinglist = mailBefore;
          await service.db.query('update customers set prefs = $2::jsonb where id = $1', [
            customer.id,
            JSON.stringify(prefs),
          ]);
          const before = (
            await service.db.query<Record<string, unknown>>(
              'select prefs, first_name, last_name, phone, address, last_changed from customers where id = $1',
              [customer.id],
            )
          ).rows[0];
          const cart = await createFixtureCart(service.db, demo.clientId, demo.marker);
          const response = await service.request('/v1/demo/order/create', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              cart_id: cart.cartId,
              payment_id: methods[0]?.id,
              redirectURL: 'https://shop.example/done',
              email: customer.email.toUpperCase(),
              firstname: 'Someone',
              lastname: 'Else',
              phone: '+31600000000',
              address: 'Elsewhere 1',
              ...(optinTick === undefined ? {} : { avg_optin: optinTick }),
              ...(mailTick === undefined ? {} : { avg_mailinglist: mailTick }),
            }),
          });
          await response.text();
          const after = (
            await service.db.query<Record<string, unknown>>(
              'select prefs, first_name, last_name, phone, address, last_changed from customers where id = $1',
              [customer.id],
            )
          ).rows[0];
          const given = (value: unknown) => value === '1' || value === 1 || value === true;
          const afterPrefs = (after?.prefs ?? {}) as Record<string, unknown>;
          for (const [key, was, tick] of [
            ['user_prefs_optin', optinBefore, optinTick],
            ['user_prefs_mailinglist', mailBefore, mailTick],
          ] as const) {
            const now = afterPrefs[key];
            if (given(was) && !given(now)) throw new Error(`${key} withdrawn: ${String(was)} → ${String(now)}`);
            if (!given(was) && given(now) && tick !== true) throw new Error(`${key} given without a tick`);
            if (!given(was) && tick === true && response.status === 200 && !given(now)) {
              throw new Error(`${key} ticked but not added`);
            }
          }
          for (const field of ['first_name', 'last_name', 'phone', 'address'] as const) {
            if (after?.[field] !== before?.[field]) throw new Error(`${field} overwritten`);
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});
