import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import pino from 'pino';
import { createRootApp } from '../app';
import { embeddedService } from '../gateway/service-connection';
import { openGateway } from '../gateway/start-gateway';
import { DEMO_PASSWORD } from '../gateway/store';
import { type ServiceRuntime, startServiceRuntime } from '../runtime';
import { organisationIdOf } from '../testing/mirror';
import { loadAverage, onOwnPostgres, printVerdicts, verdict } from './bench-run';
import { percentile } from './stats';

/**
 * `npm run bench:reports`: the order analysis from the mirror (issue 21, item 3), on PGlite and PostgreSQL,
 * through HTTP as the app calls it, with the demo's 50,000 orders in the mirror.
 * - First view of a period holding all 50,000 orders: totals with the first page of rows and the filter
 *   choices (what the page shows before the charts), cold (the first after start) and warm; the charts
 *   request beside it. Compared A B A B with what the browser did before: every page of the orders export
 *   of the period, six at a time, through the gateway (the network part only; parsing came on top: 22 s in
 *   all for 50,000 orders, issue 21).
 * - A filter or grouping change: the totals-and-rows request, and the groups request, over a list of
 *   realistic changes (status, channel, method, day, event, price name, text, every grouping, sorts, page 2).
 * - The filtered set as CSV (all 50,000), streamed.
 * Budgets: first view ≤ 1.5 s; filter and group p95 ≤ 100 ms.
 */

const log = pino({ level: 'warn' });
const MASTER_KEY = 'bench-master-key-of-at-least-32-characters';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const ms = (value: number) => `${value.toFixed(value < 10 ? 1 : 0)} ms`;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

interface Foyer {
  get(path: string): Promise<{ status: number; text: string; ms: number }>;
  post(path: string): Promise<{ status: number; text: string; ms: number }>;
  close(): Promise<void>;
}

async function startFoyer(runtime: ServiceRuntime): Promise<Foyer> {
  const { deps } = await openGateway(
    { DATA_DIR: '', FOYER_MASTER_KEY: MASTER_KEY },
    { db: runtime.db, service: embeddedService(runtime.app), log, seedDemo: true },
  );
  const started = performance.now();
  await deps.mirror.syncNow(await organisationIdOf(deps.db, 'demo'));
  const { rows } = await deps.db.query<{ orders: number; customers: number }>(
    `select (select count(*)::int from gateway.mirror_orders) as orders,
            (select count(*)::int from gateway.mirror_customers) as customers`,
  );
  console.log(
    `  full sync of the mirror: ${rows[0]?.orders} orders, ${rows[0]?.customers} customers in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  // What the running server's keeper does within seconds of the sync: the reports' daily rollups.
  const built = performance.now();
  await deps.reportRollups.refreshAll();
  console.log(`  rollups of every day built in ${((performance.now() - built) / 1000).toFixed(1)} s`);
  const app = createRootApp({ runtime, log, staticRoot: null, gateway: deps });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signIn = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'manager@demo.test', password: DEMO_PASSWORD }),
  });
  if (signIn.status !== 200) throw new Error(`bench sign-in failed: ${signIn.status}`);
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const call = async (method: string, path: string) => {
    const start = performance.now();
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { cookie, origin: base, 'accept-encoding': 'gzip' },
    });
    const text = await response.text();
    return { status: response.status, text, ms: performance.now() - start };
  };
  return {
    get: (path) => call('GET', path),
    post: (path) => call('POST', path),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const PERIOD = `from=${day(-370)}&to=${day(10)}`;

/** The page's first view: totals with the first rows, and the filter choices, side by side. */
async function firstView(foyer: Foyer): Promise<{ ms: number; orders: number }> {
  const start = performance.now();
  const [report, choices] = await Promise.all([
    foyer.get(`/api/reports/orders?${PERIOD}`),
    foyer.get(`/api/reports/orders/choices?${PERIOD}`),
  ]);
  if (report.status !== 200 || choices.status !== 200)
    throw new Error(`first view: ${report.status}/${choices.status}`);
  return {
    ms: performance.now() - start,
    orders: (JSON.parse(report.text) as { totals: { orders: number } }).totals.orders,
  };
}

/** What the browser did before: every page of the orders export of the period, six at a time. */
async function bulkDownload(foyer: Foyer): Promise<number> {
  const start = performance.now();
  const path = (page: number) => `/api/v1/demo/partner/export/orders?changedSince=${day(-370)}&page=${page}`;
  const first = await foyer.post(path(1));
  const lastPage = (JSON.parse(first.text) as { last_page: number }).last_page;
  let next = 2;
  const worker = async () => {
    while (next <= lastPage) {
      const answer = await foyer.post(path(next++));
      if (answer.status !== 200) throw new Error(`export page: ${answer.status}`);
    }
  };
  await Promise.all(Array.from({ length: 6 }, worker));
  return performance.now() - start;
}

async function bench(database: string, runtime: ServiceRuntime): Promise<string[]> {
  console.log(`\n${database}`);
  const foyer = await startFoyer(runtime);
  const verdicts: string[] = [];
  try {
    const cold = await firstView(foyer);
    console.log(`  first view, cold: ${ms(cold.ms)} (${cold.orders} orders in the period)`);
    const choices = JSON.parse((await foyer.get(`/api/reports/orders/choices?${PERIOD}`)).text) as Record<
      string,
      Array<{ value: string }>
    >;
    const pick = (field: string, n = 0) => encodeURIComponent(choices[field]?.[n]?.value ?? '');

    const before: number[] = [];
    const after: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const a = await bulkDownload(foyer);
      const b = (await firstView(foyer)).ms;
      console.log(`  round ${round}  before (bulk download of the export): ${ms(a)}   after (first view): ${ms(b)}`);
      before.push(a);
      after.push(b);
    }
    const charts = await foyer.get(`/api/reports/orders/charts?${PERIOD}`);
    console.log(`  charts of the whole period: ${ms(charts.ms)}`);

    const filters = [
      `status=${pick('status')}`,
      `status=${pick('status', 1)}`,
      `channel=${pick('channel')}`,
      `channel=${pick('channel')}&status=${pick('status')}`,
      `payment=${pick('payment')}`,
      `method=${pick('method')}`,
      `method=${pick('method', 2)}&channel=${pick('channel', 1)}`,
      `event=${pick('event')}`,
      `event=${pick('event', 5)}`,
      `price=${pick('price')}`,
      `price=${pick('price', 3)}&channel=${pick('channel')}`,
      `day=${day(-20)}`,
      `day=${day(-100)}&status=${pick('status')}`,
      `sort=amount-desc`,
      `sort=date-asc&channel=${pick('channel')}`,
      `sort=id&page=2`,
      `page=3`,
      'q=jansen',
      'q=de%20vries',
      'q=123',
    ];
    const groups = ['status', 'payment', 'channel', 'method', 'event', 'price', 'day'];
    const filterTimes: number[] = [];
    const groupTimes: number[] = [];
    const textTimes: number[] = [];
    const slowest: Array<{ what: string; ms: number }> = [];
    for (let round = 0; round < 3; round++) {
      for (const filter of filters) {
        const answer = await foyer.get(`/api/reports/orders?${PERIOD}&${filter}`);
        if (answer.status !== 200) throw new Error(`${filter}: ${answer.status} ${answer.text}`);
        (filter.startsWith('q=') ? textTimes : filterTimes).push(answer.ms);
        if (!filter.startsWith('q=')) slowest.push({ what: filter, ms: answer.ms });
      }
      for (const group of groups) {
        for (const filter of ['', `&channel=${pick('channel')}`, `&status=${pick('status')}`]) {
          const answer = await foyer.get(`/api/reports/orders/groups?${PERIOD}&group=${group}${filter}`);
          if (answer.status !== 200) throw new Error(`${group}: ${answer.status}`);
          groupTimes.push(answer.ms);
          slowest.push({ what: `group=${group}${filter}`, ms: answer.ms });
        }
      }
    }
    const csv = await foyer.get(`/api/reports/orders/export.csv?${PERIOD}`);
    const csvRows = csv.text.split('\r\n').filter(Boolean).length - 1;

    const medianBefore = percentile(before, 50);
    const medianAfter = percentile(after, 50);
    console.log(
      `  filter change (totals + rows): p50 ${ms(percentile(filterTimes, 50))}  p95 ${ms(percentile(filterTimes, 95))}  (${filterTimes.length} requests)`,
    );
    console.log(
      `  text search (q):               p50 ${ms(percentile(textTimes, 50))}  p95 ${ms(percentile(textTimes, 95))}  (${textTimes.length} requests)`,
    );
    console.log(
      `  grouping:                      p50 ${ms(percentile(groupTimes, 50))}  p95 ${ms(percentile(groupTimes, 95))}  (${groupTimes.length} requests)`,
    );
    const worst = slowest.sort((a, b) => b.ms - a.ms).slice(0, 4);
    console.log(`  slowest filter/group requests: ${worst.map((w) => `${w.what} ${ms(w.ms)}`).join(', ')}`);
    console.log(`  CSV of the period: ${csvRows} rows, ${(csv.text.length / 1e6).toFixed(1)} MB in ${ms(csv.ms)}`);
    verdicts.push(
      `${database}: first view ${ms(medianAfter)} (cold ${ms(cold.ms)}) vs bulk download ${ms(medianBefore)} (${(medianBefore / medianAfter).toFixed(0)}× less) → ${verdict(Math.max(cold.ms, medianAfter) <= 1500)} (≤ 1.5 s)`,
      `${database}: filter p95 ${ms(percentile(filterTimes, 95))}, grouping p95 ${ms(percentile(groupTimes, 95))} → ${verdict(Math.max(percentile(filterTimes, 95), percentile(groupTimes, 95)) <= 100)} (≤ 100 ms); text search p95 ${ms(percentile(textTimes, 95))}`,
    );
  } finally {
    await foyer.close();
  }
  return verdicts;
}

async function main(): Promise<void> {
  console.log(`Reports benchmark (issue 21). Before: ${loadAverage()}`);
  const verdicts: string[] = [];
  const only = process.env.BENCH_DATABASE;
  if (only !== 'postgres') {
    const dataDir = await mkdtemp(join(tmpdir(), 'foyer-reports-bench-'));
    try {
      const settings = { DATA_DIR: dataDir, DATABASE_URL: undefined, SEED: 'demo' as const, CART_TIMEOUT_SECONDS: 900 };
      const runtime = await startServiceRuntime(settings, log);
      verdicts.push(...(await bench('PGlite', runtime)));
      await runtime.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  if (only !== 'pglite') {
    const onPostgres = await onOwnPostgres('foyer_reports_bench', { durable: true }, async (url) => {
      const runtime = await startServiceRuntime(
        { DATA_DIR: '', DATABASE_URL: url, SEED: 'demo', CART_TIMEOUT_SECONDS: 900 },
        log,
      );
      const figures = await bench('PostgreSQL', runtime);
      await runtime.close();
      return figures;
    });
    verdicts.push(...onPostgres);
  }
  printVerdicts(verdicts, loadAverage());
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
