import { setTimeout as sleep } from 'node:timers/promises';
import type { Hono } from 'hono';
import pLimit from 'p-limit';
import type { Database } from '../db/database';
import { CUSTOMER_COLUMNS } from '../gateway/mirror/mirror-store';
import type { MirrorSync } from '../gateway/mirror/mirror-sync';
import type { ServiceConnection } from '../gateway/service-connection';
import { DEMO_PASSWORD } from '../gateway/store/demo-accounts';
import { BACKGROUND_RETRY, UpstreamClient } from '../gateway/upstream/upstream-client';
import { loadDemoFixtures } from '../testing/demo-fixtures';
import { fullPriceType } from '../testing/selling';
import { percentile } from './stats';

/**
 * The parts of `npm run bench:mirror` that go through the gateway in this process (issue 32): the service
 * requests of one person's scripted session, and forwarded reads and sales with and without a full sync of the
 * customers running (A B A B), beside the time of merely downloading the same export pages.
 */

const ORIGIN = 'http://foyer.bench';

/** The service connection, counting the requests sent through it. */
export function countingService(inner: ServiceConnection): { service: ServiceConnection; count: () => number } {
  let requests = 0;
  return {
    service: {
      fetch(path, init, origin) {
        requests += 1;
        return inner.fetch(path, init, origin);
      },
      baseUrl: inner.baseUrl,
      prepared: inner.prepared,
    },
    count: () => requests,
  };
}

type Caller = (path: string, init?: { method?: string; json?: unknown; cookie?: string }) => Promise<Response>;

function callerOf(app: Pick<Hono, 'request'>): Caller {
  return async (path, init = {}) => {
    const headers = new Headers({ origin: ORIGIN, host: 'foyer.bench' });
    if (init.cookie) headers.set('cookie', init.cookie);
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    const response = await app.request(`${ORIGIN}${path}`, {
      method: init.method ?? 'GET',
      headers,
      ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
    });
    return response;
  };
}

async function ok(response: Response, what: string): Promise<unknown> {
  const text = await response.text();
  if (response.status >= 400) throw new Error(`${what}: ${response.status} ${text.slice(0, 200)}`);
  return text ? JSON.parse(text) : null;
}

async function signIn(call: Caller, email: string): Promise<string> {
  const response = await call('/api/session', { method: 'POST', json: { email, password: DEMO_PASSWORD } });
  await ok(response, `sign-in of ${email}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0] as string;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * 86_400_000);

/**
 * What the app asks for when it shows the dashboard (src/web/features/dashboard): the events of the next 14
 * days, the halls, and the detail (availability) of the first eight performances among them.
 */
async function dashboard(call: Caller, cookie: string): Promise<void> {
  const now = new Date();
  const range = `startDate=${isoDay(now)}&endDate=${isoDay(addDays(now, 13))}`;
  const [events] = await Promise.all([
    ok(await call(`${DASHBOARD_PATHS.events}?${range}`, { cookie }), 'dashboard events'),
    ok(await call(DASHBOARD_PATHS.halls, { cookie }), 'dashboard halls'),
  ]);
  const ids = (events as { eventId: number; eventType: string | null; start: string }[])
    .filter((event) => event.eventType === null || event.eventType === 'event')
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || a.eventId - b.eventId)
    .slice(0, 8)
    .map((event) => event.eventId);
  await Promise.all(ids.map(async (id) => ok(await call(`${DASHBOARD_PATHS.events}/${id}`, { cookie }), 'detail')));
}

/** Where the app's dashboard reads events and halls. */
const DASHBOARD_PATHS = { events: '/api/catalog/events', halls: '/api/catalog/halls' };
/** Where the app reads every event (the analysis's and the order page's labels). */
const EVERY_EVENT_PATH = '/api/catalog/events';

/** The analysis's first view (src/web/features/orders/analysis): report, choices, charts and event labels. */
async function analysisFirstView(call: Caller, cookie: string): Promise<void> {
  const to = isoDay(new Date());
  const from = isoDay(addDays(new Date(), -29));
  const period = `from=${from}&to=${to}`;
  await Promise.all([
    call(`/api/reports/orders?${period}&sort=date-desc&page=1`, { cookie }).then((r) => ok(r, 'report')),
    call(`/api/reports/orders/choices?${period}`, { cookie }).then((r) => ok(r, 'choices')),
    call(`/api/reports/orders/charts?${period}`, { cookie }).then((r) => ok(r, 'charts')),
    call(EVERY_EVENT_PATH, { cookie }).then((r) => ok(r, 'every event')),
  ]);
}

export interface SessionCount {
  person: string;
  steps: { step: string; requests: number }[];
  total: number;
}

/**
 * One person's session as the app runs it, with the service's requests counted per step: sign in, the
 * dashboard, a customer search, one customer, the orders list, the analysis's first view.
 */
export async function scriptedSession(
  app: Pick<Hono, 'request'>,
  requests: () => number,
  email: string,
  customer: { customerId: number; lastName: string },
): Promise<SessionCount> {
  const call = callerOf(app);
  const steps: { step: string; requests: number }[] = [];
  let cookie = '';
  const step = async (name: string, work: () => Promise<unknown>) => {
    const before = requests();
    await work();
    steps.push({ step: name, requests: requests() - before });
  };
  await step('sign-in', async () => {
    cookie = await signIn(call, email);
    await ok(await call('/api/session', { cookie }), 'session');
  });
  await step('dashboard', () => dashboard(call, cookie));
  await step('customer search', async () =>
    ok(await call(`/api/customers?perPage=50&q=${encodeURIComponent(customer.lastName)}`, { cookie }), 'search'),
  );
  await step('a customer', async () =>
    ok(await call(`/api/v1/demo/partner/customer/${customer.customerId}`, { cookie }), 'customer'),
  );
  await step('orders list', async () => ok(await call('/api/v1/demo/partner/order', { cookie }), 'orders'));
  await step('analysis', () => analysisFirstView(call, cookie));
  return { person: email, steps, total: steps.reduce((sum, s) => sum + s.requests, 0) };
}

export interface LoadFigures {
  reads: number[];
  sales: number[];
  failures: number;
}

/**
 * Forwarded reads (`readers` people, each reading an event's detail with a short pause between reads) and
 * `sellers` people's full sales (cart, a ticket, cash checkout) through the gateway, until `until` resolves.
 */
export async function deskLoad(
  app: Pick<Hono, 'request'>,
  db: Database,
  until: Promise<unknown>,
  options: { readers: number; sellers: number; readGapMs: number; saleGapMs: number },
): Promise<LoadFigures> {
  const call = callerOf(app);
  const cookie = await signIn(call, 'admin@demo.test');
  const fx = await loadDemoFixtures(db);
  const item = {
    priceId: await fullPriceType(db, fx.arena.eventId, fx.arena.rankId),
    rankId: fx.arena.rankId,
    eventId: fx.arena.eventId,
  };
  const checkout = { customerId: fx.customers.withTags.customerId, paymentMethodId: fx.paymentMethods.cash };
  let done = false;
  void until.finally(() => {
    done = true;
  });
  const figures: LoadFigures = { reads: [], sales: [], failures: 0 };
  const timed = async (into: number[], work: () => Promise<void>) => {
    const started = performance.now();
    try {
      await work();
      into.push(performance.now() - started);
    } catch {
      figures.failures += 1;
    }
  };
  const reader = async () => {
    while (!done) {
      await timed(figures.reads, async () => {
        await ok(await call(`/api/v1/demo/partner/event/${fx.arena.eventId}`, { cookie }), 'read');
      });
      await sleep(options.readGapMs);
    }
  };
  const seller = async () => {
    while (!done) {
      await timed(figures.sales, async () => {
        const cart = (await ok(await call('/api/v1/demo/cart/', { method: 'POST', cookie }), 'cart')) as {
          cart_id: string;
        };
        await ok(
          await call(`/api/v1/demo/partner/cart/${cart.cart_id}`, { method: 'POST', json: [item], cookie }),
          'item',
        );
        await ok(
          await call(`/api/v1/demo/partner/cart/${cart.cart_id}/checkout`, { method: 'POST', json: checkout, cookie }),
          'checkout',
        );
      });
      await sleep(options.saleGapMs);
    }
  };
  await Promise.all([
    ...Array.from({ length: options.readers }, reader),
    ...Array.from({ length: options.sellers }, seller),
  ]);
  return figures;
}

export const p95 = (values: readonly number[]) => (values.length === 0 ? Number.NaN : percentile(values, 95));

/** Makes the mirror forget its customers, so the next sync of them is a first full sync. */
export async function forgetMirroredCustomers(db: Database, organisationId: number): Promise<void> {
  await db.query('delete from gateway.mirror_customers where organisation_id = $1', [organisationId]);
  await db.query(`delete from gateway.mirror_sync_state where organisation_id = $1 and resource = 'customers'`, [
    organisationId,
  ]);
}

/**
 * Downloads every page of the customers' export as the sync's walk asks for them (last page down, as many at
 * once as the sync does on this database), writing nothing: the floor of a first full sync.
 */
export async function downloadCustomerPages(
  mirror: MirrorSync,
  organisationId: number,
): Promise<{ ms: number; records: Record<string, unknown>[] }> {
  const { db } = mirror.options;
  const { rows } = await db.query<{ client_name: string; api_key_sealed: Uint8Array }>(
    'select client_name, api_key_sealed from gateway.organisations where id = $1',
    [organisationId],
  );
  const organisation = rows[0];
  if (!organisation) throw new Error('no such organisation');
  const client = UpstreamClient.forOrganisation(
    mirror.options,
    { organisationId, clientName: organisation.client_name, sealedKey: organisation.api_key_sealed },
    undefined,
    { retry: BACKGROUND_RETRY },
  );
  const path = '/partner/export/customers';
  const started = performance.now();
  const head = await client.exportPage<Record<string, unknown>>(path, 1, null);
  const limit = pLimit(db.kind === 'pglite' ? 1 : mirror.options.concurrency);
  const pages: number[] = [];
  for (let n = head.lastPage; n >= 2; n--) pages.push(n);
  const read = await Promise.all(
    pages.map((n) => limit(() => client.exportPage<Record<string, unknown>>(path, n, null))),
  );
  await client.exportPage(path, 1, null);
  const ms = performance.now() - started;
  return { ms, records: [...head.data, ...read.flatMap((page) => page.data)] };
}

/**
 * The floor of writing a first sync's customers: the same records, in the sync's statements of a batch (1,000 a
 * statement on a server, two at once; 25 on the embedded database), into a table of the same columns with no index,
 * trigger or key, durably as the mirror. What the mirror adds to this (its indexes, the search's transaction ids, the
 * duplicate keys and segment facts at the end) is the sync's own work; this part no design of it avoids.
 */
export async function writeCustomersBare(db: Database, records: readonly Record<string, unknown>[]): Promise<number> {
  await db.query(`create table if not exists gateway.bench_bare_customers (organisation_id bigint,
    customer_id bigint, email text, last_changed timestamptz, tags text[], body jsonb)`);
  await db.query('truncate gateway.bench_bare_customers');
  const chunk = db.kind === 'pglite' ? 25 : 1000;
  const chunks: (readonly Record<string, unknown>[])[] = [];
  for (let from = 0; from < records.length; from += chunk) chunks.push(records.slice(from, from + chunk));
  const limit = pLimit(db.kind === 'pglite' ? 1 : 2);
  const started = performance.now();
  await Promise.all(
    chunks.map((part) =>
      limit(() =>
        db.query(
          `insert into gateway.bench_bare_customers (organisation_id, customer_id, email, last_changed, tags, body)
           select 0, ${CUSTOMER_COLUMNS}
             from jsonb_array_elements($1::jsonb) r`,
          [JSON.stringify(part)],
        ),
      ),
    ),
  );
  const ms = performance.now() - started;
  await db.query('drop table gateway.bench_bare_customers');
  return ms;
}
