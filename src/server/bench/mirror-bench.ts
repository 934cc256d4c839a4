import { mkdtemp, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { getRequestListener } from '@hono/node-server';
import pg from 'pg';
import pino from 'pino';
import { createRootApp } from '../app';
import type { Database, Queryable } from '../db/database';
import { MirrorSync, type SyncReport } from '../gateway/mirror';
import { embeddedService } from '../gateway/service-connection';
import { openGateway } from '../gateway/start-gateway';
import { type ServiceRuntime, startServiceRuntime } from '../runtime';
import { findPostgresBinaries, startPostgresServer } from '../testing/postgres-server';
import { type ColdFigures, type ColdStart, coldAndWarm } from './mirror-bench-cold';
import { PROFILE_SETTINGS, type Profile, startProfile } from './mirror-bench-profile';
import {
  countingService,
  deskLoad,
  downloadCustomerPages,
  forgetMirroredCustomers,
  type LoadFigures,
  p95,
  scriptedSession,
  writeCustomersBare,
} from './mirror-bench-session';
import { median } from './stats';

/**
 * `npm run bench:mirror`: the gateway's mirror of a large organisation, as `npm start` runs it (embedded
 * service and gateway in one process and one database): seeds the demo client with BENCH_CUSTOMERS customers
 * and BENCH_ORDERS orders, then times a first full sync, an incremental sync after BENCH_CHANGES edited
 * customers, changed orders and new orders, and idle syncs — with the upstream requests each made, rows per
 * second and the process's peak memory. On PGlite and on a throwaway PostgreSQL server (BENCH_DATABASES).
 *
 * BENCH_COMPARE=1 adds full syncs at concurrency 1 and MIRROR_SYNC_CONCURRENCY, alternated (A B A B).
 *
 * Then (issue 32; BENCH_PARTS, default all of session,load,firstsync,cold):
 * - session: the service requests of one person's scripted session as the app runs it (sign in, dashboard,
 *   customer search, a customer, the orders list, the analysis), for the organisation's first person and a
 *   second one after it. Budget ≤ 5 per person beyond the mirror's own sync.
 * - load: forwarded reads and full sales at the desk without (A) and during (B) a first full sync of the
 *   customers, A B A B (BENCH_ROUNDS pairs, each BENCH_SECONDS; B the sync's first BENCH_SECONDS): p95 of each,
 *   failures counted. Budgets: p95 during a sync ≤ 1.5× without, no failure.
 * - firstsync: the first full sync of the customers alone beside merely downloading the same pages, alternated
 *   (D S, BENCH_ROUNDS pairs). Budget: the sync ≤ 1.5× the download. Beside them the floor: the downloaded records
 *   written alone into a table without index, trigger or key (writeCustomersBare).
 *   BENCH_PROFILE=1 (PostgreSQL): where the database's time went in the last of each (mirror-bench-profile.ts).
 * - cold: Foyer started as `npm start` (its own process) on the database as the bench left it; as soon as
 *   /health/ready says ready, sign-in → the first customer search result (≤ 1 s), then warm (≤ 300 ms); and
 *   on another fresh start sign-in → the orders analysis's first view (≤ 1.5 s).
 */

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 100_000);
const ORDERS = Number(process.env.BENCH_ORDERS ?? 50_000);
const CHANGES = Number(process.env.BENCH_CHANGES ?? 1000);
const CONCURRENCY = Number(process.env.MIRROR_SYNC_CONCURRENCY ?? 4);
const COMPARE = process.env.BENCH_COMPARE === '1';
const wanted = process.env.BENCH_DATABASES?.split(',').map((part) => part.trim());
const DATABASES = ['pglite', 'postgres'].filter((name) => !wanted || wanted.includes(name));
const MASTER_KEY = 'mirror-bench-master-key-of-32-characters!';
const PARTS = new Set((process.env.BENCH_PARTS ?? 'session,load,firstsync,cold').split(',').map((part) => part.trim()));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** PostgreSQL only: wait events and statements of the firstsync part's last download and sync (mirror-bench-profile.ts). */
const PROFILE = process.env.BENCH_PROFILE === '1';
/** Four people reading and two selling: enough sales per window for a p95 (one seller made 15-30 per 8 s at load 15). */
const DESK = { readers: 4, sellers: 2, readGapMs: 20, saleGapMs: 100 };
/** The seed makes 50,000 demo orders; more are copies of those (with their lines), made in SQL. */
const SEEDED_ORDERS = 50_000;
/** Customers beyond this are copies of the seeded ones, made in SQL (the seed builds its rows in memory). */
const SEEDED_CUSTOMERS_MAX = 100_000;

const log = pino({ level: 'warn' });
const load = () => `load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} CPUs`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const note = (text: string) => process.stderr.write(`  ${text}\n`);

interface Measured {
  name: string;
  report: SyncReport;
  records: number;
  peakRssMb: number;
}

async function timedSync(mirror: MirrorSync, organisationId: number, name: string): Promise<Measured> {
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 100);
  try {
    const report = await mirror.syncNow(organisationId);
    if (!report) throw new Error('the lease was not taken');
    const failed = report.resources.filter((resource) => resource.error);
    if (failed.length > 0) throw new Error(`${name}: ${failed.map((r) => `${r.resource}: ${r.error}`).join('; ')}`);
    const records = report.resources.reduce((sum, resource) => sum + resource.records, 0);
    const split = report.resources
      .map((r) => `${r.resource} ${r.records} in ${seconds(r.fetchMs)} fetching + ${seconds(r.writeMs)} writing`)
      .join('; ');
    note(`${name}: ${seconds(report.ms)}, ${report.requests} requests, ${records} records (${split})`);
    return { name, report, records, peakRssMb: Math.round(peak / 1024 / 1024) };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * Copies of the demo client's orders with their lines (new ids and keys): spread back in time, or (`asNew`)
 * changed now, as orders just sold.
 */
async function growOrders(db: Database, clientId: number, target: number, asNew = false): Promise<number> {
  const { rows } = await db.query<{ n: number; max_id: number }>(
    'select count(*)::int as n, (select max(id) from orders)::int as max_id from orders where client_id = $1',
    [clientId],
  );
  const existing = rows[0]?.n ?? 0;
  const maxId = rows[0]?.max_id ?? 0;
  const missing = target - existing;
  if (missing <= 0 || existing === 0) return existing;
  const copies = Math.ceil(missing / existing);
  const { rows: columns } = await db.query<{ name: string }>(
    `select column_name as name from information_schema.columns
      where table_schema = current_schema() and table_name = 'orders'
        and column_name not in ('id', 'order_key', 'cart_id', 'last_changed')
      order by ordinal_position`,
  );
  const list = columns.map((column) => column.name).join(', ');
  const from = columns.map((column) => `o.${column.name}`).join(', ');
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into orders (id, order_key, cart_id, last_changed, ${list})
       select o.id + g * $2, o.order_key || '~' || (o.id + g * $2), null,
              case when $5 then now() else o.last_changed - g * interval '37 minutes' end, ${from}
         from orders o cross join generate_series(1, $3::int) g
        where o.client_id = $1 and o.id <= $2
        order by g, o.id limit $4`,
      [clientId, maxId, copies, missing, asNew],
    );
    await tx.query(
      `insert into order_seats (order_id, item_type, event_id, seat_id, rank_id, row_nr, seat_nr, amount_cents,
              ticket_type_id, price_name, deleted_at)
       select n.id, s.item_type, s.event_id, s.seat_id, s.rank_id, s.row_nr, s.seat_nr, s.amount_cents,
              s.ticket_type_id, s.price_name, s.deleted_at
         from generate_series(1, $3::int) g
         join orders n on n.id > $2 and (n.id - 1) / $2 = g and n.client_id = $1
         join order_seats s on s.order_id = n.id - g * $2`,
      [clientId, maxId, copies],
    );
    await tx.query(`select setval('orders_id_seq', (select max(id) from orders))`);
  });
  await db.query('analyze orders');
  await db.query('analyze order_seats');
  return target;
}

/** Copies of the demo client's customers (new ids and emails, spread back in time), up to `target`. */
async function growCustomers(db: Database, clientId: number, target: number): Promise<void> {
  const { rows } = await db.query<{ n: number; max_id: number }>(
    'select count(*)::int as n, (select max(id) from customers)::int as max_id from customers where client_id = $1',
    [clientId],
  );
  const existing = rows[0]?.n ?? 0;
  const maxId = rows[0]?.max_id ?? 0;
  const missing = target - existing;
  if (missing <= 0 || existing === 0) return;
  const { rows: columns } = await db.query<{ name: string }>(
    `select column_name as name from information_schema.columns
      where table_schema = current_schema() and table_name = 'customers'
        and column_name not in ('id', 'email', 'last_changed', 'export_json')
      order by ordinal_position`,
  );
  const list = columns.map((column) => column.name).join(', ');
  const from = columns.map((column) => `c.${column.name}`).join(', ');
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into customers (id, email, last_changed, ${list})
       select c.id + g * $2, replace(c.email, '@', '+' || g || '@'), c.last_changed - g * interval '11 minutes', ${from}
         from customers c cross join generate_series(1, $3::int) g
        where c.client_id = $1 and c.id <= $2
        order by g, c.id limit $4`,
      [clientId, maxId, Math.ceil(missing / existing), missing],
    );
    await tx.query(`select setval('customers_id_seq', (select max(id) from customers))`);
  });
  await db.query('analyze customers');
}

/** Changes as the service would make them: edited customers, cancelled and new orders. */
async function changeSome(db: Queryable, clientId: number, count: number): Promise<void> {
  await db.query(
    `update customers set last_name = last_name || ' *', last_changed = now()
      where id in (select id from customers where client_id = $1 order by md5(id::text) limit $2)`,
    [clientId, count],
  );
  await db.query(
    `update orders set status = 'cancel', payment_status = 'cancelled', last_changed = now()
      where id in (select id from orders where client_id = $1 and status = 'ord' order by md5(id::text) limit $2)`,
    [clientId, count],
  );
}

async function mirrorCounts(db: Queryable, organisationId: number, clientId: number) {
  const { rows } = await db.query<Record<string, number>>(
    `select (select count(*)::int from gateway.mirror_customers where organisation_id = $1) as mirror_customers,
            (select count(*)::int from customers where client_id = $2) as customers,
            (select count(*)::int from gateway.mirror_orders where organisation_id = $1) as mirror_orders,
            (select count(*)::int from orders where client_id = $2) as orders,
            (select count(*)::int from gateway.mirror_order_seats where organisation_id = $1) as mirror_lines,
            (select count(*)::int from gateway.mirror_waiting_list where organisation_id = $1) as mirror_waiting`,
    [organisationId, clientId],
  );
  return rows[0] ?? {};
}

async function resetMirror(db: Queryable, organisationId: number): Promise<void> {
  for (const table of [
    'mirror_order_seats',
    'mirror_orders',
    'mirror_customers',
    'mirror_waiting_list',
    'mirror_sync_state',
  ])
    await db.query(`delete from gateway.${table} where organisation_id = $1`, [organisationId]);
}

/** The bench's PostgreSQL server, for BENCH_PROFILE. */
interface ProfileTarget {
  url: string;
  dataDir: string;
}

async function benchDatabase(name: string, runtime: ServiceRuntime, profiled?: ProfileTarget): Promise<string[]> {
  const { db } = runtime;
  const { rows } = await db.query<{ id: number }>(`select id from clients where name = 'demo'`);
  const clientId = rows[0]?.id as number;
  if (CUSTOMERS > SEEDED_CUSTOMERS_MAX) {
    const started = performance.now();
    await growCustomers(db, clientId, CUSTOMERS);
    note(`${name}: customers grown to ${CUSTOMERS} in ${seconds(performance.now() - started)}`);
  }
  if (ORDERS > SEEDED_ORDERS) {
    const started = performance.now();
    await growOrders(db, clientId, ORDERS);
    note(`${name}: orders grown to ${ORDERS} in ${seconds(performance.now() - started)}`);
  }
  const counted = countingService(embeddedService(runtime.app));
  const { deps } = await openGateway(
    { DATA_DIR: '', FOYER_MASTER_KEY: MASTER_KEY, MIRROR_SYNC_CONCURRENCY: CONCURRENCY },
    { db, service: counted.service, log, seedDemo: true },
  );
  const { rows: organisations } = await db.query<{ id: string }>(
    `select id from gateway.organisations where client_name = 'demo'`,
  );
  const organisationId = Number(organisations[0]?.id);
  const results: Measured[] = [];
  results.push(await timedSync(deps.mirror, organisationId, 'full sync'));
  // The other organisations (harbour: an eighth of the customers) synced too, untimed, as a running Foyer keeps
  // them: left empty, their first full sync ran in the started Foyer beside its first searches (the cold part).
  for (const other of await deps.organisations.ids()) {
    if (other !== organisationId) await timedSync(deps.mirror, other, `full sync of organisation ${other}`);
  }
  const counts = await mirrorCounts(db, organisationId, clientId);
  await changeSome(db, clientId, CHANGES);
  // New orders: the next copies of the seeded ones.
  if (CHANGES > 0) await growOrders(db, clientId, (counts.orders ?? 0) + CHANGES, true);
  // Changes of a moment ago are read again by the next sync too (the watermark stays 5 s behind the clock).
  await new Promise((resolve) => setTimeout(resolve, 6000));
  results.push(await timedSync(deps.mirror, organisationId, `incremental (${CHANGES} of each changed)`));
  for (let i = 1; i <= 3; i++) results.push(await timedSync(deps.mirror, organisationId, `idle ${i}`));
  const after = await mirrorCounts(db, organisationId, clientId);
  const lines = results.map(
    (result) =>
      `${name.padEnd(10)}  ${result.name.padEnd(34)}  ${seconds(result.report.ms).padStart(8)}  ${String(result.report.requests).padStart(8)}  ${String(result.records).padStart(9)}  ${String(Math.round(result.records / (result.report.ms / 1000))).padStart(8)}  ${String(result.peakRssMb).padStart(6)}`,
  );
  lines.push(
    `${name.padEnd(10)}  mirror after: ${after.mirror_customers}/${after.customers} customers, ${after.mirror_orders}/${after.orders} orders, ${after.mirror_lines} lines, ${after.mirror_waiting} waiting-list entries`,
  );
  if (COMPARE) lines.push(...(await compareConcurrency(name, deps, organisationId)));
  const app = createRootApp({ runtime, log, staticRoot: null, gateway: deps });
  // As after the gateway's start: the search has read the mirror.
  await deps.customerDirectories.warm(await deps.organisations.ids());
  // As the running process does after each sync round: the dashboard's shared reads kept fresh (the sync's own).
  await deps.sharedReads.refreshDue();
  if (PARTS.has('session')) lines.push(...shown(await sessionRequests(name, app, counted.count, db, organisationId)));
  if (PARTS.has('load')) lines.push(...shown(await syncBesideDesk(name, app, deps.mirror, db, organisationId)));
  if (PARTS.has('firstsync'))
    lines.push(...shown(await syncBesideDownload(name, deps.mirror, db, organisationId, profiled)));
  await deps.mirror.stop();
  return lines;
}

/** Four customers' last names to search for, and one customer to open. */
async function someCustomers(db: Queryable, organisationId: number) {
  const { rows } = await db.query<{ id: number; last_name: string }>(
    `select customer_id::float8 as id, body->>'customerLastName' as last_name from gateway.mirror_customers
      where organisation_id = $1 and coalesce(body->>'customerLastName', '') <> ''
      order by customer_id limit 4`,
    [organisationId],
  );
  if (rows.length < 4) throw new Error('the mirror holds too few customers to search for');
  return rows;
}

async function sessionRequests(
  name: string,
  app: ReturnType<typeof createRootApp>,
  requests: () => number,
  db: Queryable,
  organisationId: number,
): Promise<string[]> {
  const [customer] = await someCustomers(db, organisationId);
  const target = { customerId: customer?.id as number, lastName: customer?.last_name as string };
  const lines: string[] = [];
  for (const email of ['admin@demo.test', 'manager@demo.test']) {
    const session = await scriptedSession(app, requests, email, target);
    const steps = session.steps.map((step) => `${step.step} ${step.requests}`).join(', ');
    lines.push(
      `${name.padEnd(10)}  service requests, session of ${email}: ${session.total} (${steps}) → ${session.total <= 5 ? 'PASS' : 'FAIL'} (≤ 5)`,
    );
  }
  return lines;
}

/** Reads and sales at the desk without (A) and during (B) a first full sync of the customers. */
async function syncBesideDesk(
  name: string,
  app: ReturnType<typeof createRootApp>,
  mirror: MirrorSync,
  db: Database,
  organisationId: number,
): Promise<string[]> {
  const without: LoadFigures[] = [];
  const during: LoadFigures[] = [];
  const syncMs: number[] = [];
  // How long the event loop (desk, service, gateway and sync share it) kept a ready callback waiting: p95 and
  // max of each window.
  const loopDelay = { without: [] as number[][], during: [] as number[][] };
  const watched = async <T>(into: number[][], work: Promise<T>): Promise<T> => {
    const histogram = monitorEventLoopDelay({ resolution: 5 });
    histogram.enable();
    try {
      return await work;
    } finally {
      histogram.disable();
      into.push([histogram.percentile(95) / 1e6, histogram.max / 1e6]);
    }
  };
  // Warm-up: the first sales on a fresh database are slower (plans, caches).
  await deskLoad(app, db, new Promise((done) => setTimeout(done, 2000)), DESK);
  for (let round = 0; round < ROUNDS; round++) {
    without.push(
      await watched(
        loopDelay.without,
        deskLoad(app, db, new Promise((done) => setTimeout(done, LOAD_SECONDS * 1000)), DESK),
      ),
    );
    await forgetMirroredCustomers(db, organisationId);
    const started = performance.now();
    const sync = mirror.syncNow(organisationId);
    // The desk during the sync's first BENCH_SECONDS (or all of it, when shorter): a busy desk makes the sync
    // on PGlite give way statement by statement, so a whole sync of 100,000 customers beside it would take long.
    const window = new Promise((done) => setTimeout(done, LOAD_SECONDS * 1000));
    during.push(await watched(loopDelay.during, deskLoad(app, db, Promise.race([sync, window]), DESK)));
    const report = await sync;
    const failed = report?.resources.filter((resource) => resource.error) ?? [];
    if (!report || failed.length > 0) throw new Error(`${name}: the sync during the load failed`);
    syncMs.push(performance.now() - started);
    note(
      `${name}: round ${round + 1}: a full sync of the customers took ${seconds(syncMs.at(-1) ?? 0)} (the desk beside it for ${LOAD_SECONDS} s at most); ${load()}`,
    );
  }
  const pooled = (rounds: LoadFigures[], key: 'reads' | 'sales') => rounds.flatMap((figures) => figures[key]);
  const failures = (rounds: LoadFigures[]) => rounds.reduce((sum, figures) => sum + figures.failures, 0);
  const lines: string[] = [];
  for (const key of ['reads', 'sales'] as const) {
    const a = p95(pooled(without, key));
    const b = p95(pooled(during, key));
    const ratio = b / a;
    lines.push(
      `${name.padEnd(10)}  ${key} p95 without a sync ${ms(a)} (${pooled(without, key).length}), during a full customer sync ${ms(b)} (${pooled(during, key).length}): ${ratio.toFixed(2)}× → ${ratio <= 1.5 ? 'PASS' : 'FAIL'} (≤ 1.5×)`,
    );
  }
  const delay = (windows: number[][]) =>
    `p95 ${windows.map(([p]) => ms(p ?? 0)).join(', ')}, max ${windows.map(([, max]) => ms(max ?? 0)).join(', ')}`;
  lines.push(
    `${name.padEnd(10)}  event-loop delay without a sync ${delay(loopDelay.without)}, during ${delay(loopDelay.during)}`,
  );
  const failed = failures(without) + failures(during);
  lines.push(
    `${name.padEnd(10)}  failed requests: ${failures(without)} without a sync, ${failures(during)} during → ${failed === 0 ? 'PASS' : 'FAIL'}`,
  );
  return lines;
}

/**
 * The first full sync of the customers alone beside merely downloading its pages, alternated: D S D S. With the
 * process's CPU time of each (service, gateway and PGlite all run in it: a measure the machine's load moves less).
 */
async function syncBesideDownload(
  name: string,
  mirror: MirrorSync,
  db: Database,
  organisationId: number,
  profiled?: ProfileTarget,
) {
  const download: number[] = [];
  const bare: number[] = [];
  const alone: number[] = [];
  const cpu = { download: [] as number[], sync: [] as number[] };
  const cpuMs = (since: NodeJS.CpuUsage) => {
    const used = process.cpuUsage(since);
    return (used.user + used.system) / 1000;
  };
  const profiles: string[] = [];
  // The last round's download and sync, profiled.
  const profile = async (round: number): Promise<Profile | null> =>
    profiled && round === ROUNDS - 1 ? startProfile(profiled.url, profiled.dataDir) : null;
  const keep = async (what: string, running: Profile | null) => {
    if (running)
      profiles.push(`${name.padEnd(10)}  ${what}:`, ...(await running.stop()).map((l) => `${' '.repeat(12)}${l}`));
  };
  for (let round = 0; round < ROUNDS; round++) {
    let running = await profile(round);
    let since = process.cpuUsage();
    const downloaded = await downloadCustomerPages(mirror, organisationId);
    download.push(downloaded.ms);
    cpu.download.push(cpuMs(since));
    await keep('download', running);
    bare.push(await writeCustomersBare(db, downloaded.records));
    await forgetMirroredCustomers(db, organisationId);
    running = await profile(round);
    since = process.cpuUsage();
    const report = await mirror.syncNow(organisationId);
    if (!report) throw new Error('the lease was not taken');
    cpu.sync.push(cpuMs(since));
    await keep('sync', running);
    alone.push(report.ms);
    note(
      `${name}: round ${round + 1}: download ${seconds(download.at(-1) ?? 0)} (CPU ${seconds(cpu.download.at(-1) ?? 0)}), bare write ${seconds(bare.at(-1) ?? 0)}, sync ${seconds(report.ms)} (CPU ${seconds(cpu.sync.at(-1) ?? 0)}); ${load()}`,
    );
  }
  const ratio = median(alone) / median(download);
  const cpuRatio = median(cpu.sync) / median(cpu.download);
  return [
    `${name.padEnd(10)}  first full sync of ${CUSTOMERS} customers alone ${alone.map(seconds).join(', ')} vs downloading its pages ${download.map(seconds).join(', ')}: ${ratio.toFixed(2)}× → ${ratio <= 1.5 ? 'PASS' : 'FAIL'} (≤ 1.5×)`,
    `${name.padEnd(10)}  CPU time: sync ${cpu.sync.map(seconds).join(', ')} vs download ${cpu.download.map(seconds).join(', ')}: ${cpuRatio.toFixed(2)}×`,
    `${name.padEnd(10)}  the floor: the same records written alone (no index, trigger or key) ${bare.map(seconds).join(', ')}: ${(median(bare) / median(download)).toFixed(2)}× the download`,
    ...profiles,
  ];
}

const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;

/** Lines of a part as it ends, too (on stderr): a long run that fails later keeps what it measured. */
function shown(lines: string[]): string[] {
  for (const line of lines) note(line);
  return lines;
}

/** A first result's two requests, and Foyer's CPU time in them (load-independent, where the system says it). */
function split(result: ColdFigures['searchCold']): string {
  const cpu = result.cpuMs === null ? '' : `, Foyer's CPU ${ms(result.cpuMs)}`;
  return `${ms(result.signInMs)} / ${ms(result.searchMs)}${cpu}`;
}

/** The cold and warm figures on a fresh start of Foyer over the database the bench left. */
async function coldLines(name: string, start: ColdStart, terms: string[]): Promise<string[]> {
  let figures: Awaited<ReturnType<typeof coldAndWarm>>;
  try {
    figures = await coldAndWarm(start, terms);
  } catch (error) {
    // A request refused right after a start (a sign-in's 408 behind a busy database) is a finding, not a crash.
    return shown([`${name.padEnd(10)}  cold start: FAIL (${error instanceof Error ? error.message : String(error)})`]);
  }
  const verdict = (value: number, budget: number) =>
    `${ms(value)} → ${value <= budget ? 'PASS' : 'FAIL'} (≤ ${ms(budget)})`;
  return shown([
    `${name.padEnd(10)}  fresh start → /health/ready: ${figures.readyMs.map(seconds).join(', ')}`,
    `${name.padEnd(10)}  sign-in → first customer result, cold: ${verdict(figures.searchCold.ms, 1000)}; warm (median of 3): ${verdict(figures.searchWarm.ms, 300)}`,
    `${name.padEnd(10)}    of which sign-in / search: cold ${split(figures.searchCold)}; warm ${split(figures.searchWarm)}`,
    `${name.padEnd(10)}  sign-in → the analysis's first view of ${ORDERS} orders, cold: ${verdict(figures.analysisCold, 1500)}; warm ${ms(figures.analysisWarm)}`,
  ]);
}

/** Last names to search for, read before the bench's own process lets the database go. */
async function searchTerms(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(`select id from gateway.organisations where client_name = 'demo'`);
  return (await someCustomers(db, Number(rows[0]?.id))).map((row) => row.last_name);
}

/** Full syncs at concurrency 1 (A) and CONCURRENCY (B), alternated: A B A B. */
async function compareConcurrency(
  name: string,
  deps: Awaited<ReturnType<typeof openGateway>>['deps'],
  organisationId: number,
): Promise<string[]> {
  const engine = (concurrency: number) =>
    new MirrorSync({ ...deps.mirror.options, concurrency, organisations: deps.organisations });
  const times: Record<'A' | 'B', number[]> = { A: [], B: [] };
  for (const variant of ['A', 'B', 'A', 'B'] as const) {
    await resetMirror(deps.db, organisationId);
    const concurrency = variant === 'A' ? 1 : CONCURRENCY;
    const measured = await timedSync(engine(concurrency), organisationId, `full sync, concurrency ${concurrency}`);
    times[variant].push(measured.report.ms);
  }
  const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  return [
    `${name.padEnd(10)}  A B A B full syncs: concurrency 1 ${times.A.map(seconds).join(', ')}; concurrency ${CONCURRENCY} ${times.B.map(seconds).join(', ')}; B/A = ${(mean(times.B) / mean(times.A)).toFixed(2)}`,
  ];
}

type RuntimeSettings = Parameters<typeof startServiceRuntime>[0];

const settings = (overrides: Partial<RuntimeSettings>): RuntimeSettings => ({
  DATA_DIR: '',
  DATABASE_URL: undefined,
  SEED: 'demo',
  SEED_CUSTOMERS: Math.min(CUSTOMERS, SEEDED_CUSTOMERS_MAX),
  CART_TIMEOUT_SECONDS: 900,
  ...overrides,
});

async function benchPglite(): Promise<string[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'foyer-mirror-bench-'));
  try {
    const started = performance.now();
    const runtime = await startServiceRuntime(settings({ DATA_DIR: dataDir }), log);
    note(`PGlite: seeded in ${seconds(performance.now() - started)}`);
    let lines: string[];
    let terms: string[];
    try {
      lines = await benchDatabase('PGlite', runtime);
      terms = await searchTerms(runtime.db);
    } finally {
      await runtime.close();
    }
    if (PARTS.has('cold'))
      lines.push(...(await coldLines('PGlite', { env: { DATA_DIR: dataDir }, masterKey: MASTER_KEY }, terms)));
    return lines;
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres(): Promise<string[]> {
  if (!findPostgresBinaries()) return ['PostgreSQL  binaries (initdb, pg_ctl) not found: skipped'];
  // Durable as in production: every commit waits for its WAL to reach the disk.
  const server = await startPostgresServer({ durable: true, settings: PROFILE ? PROFILE_SETTINGS : [] });
  try {
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query('create database foyer_mirror_bench');
    await admin.end();
    const url = new URL(server.url);
    url.pathname = '/foyer_mirror_bench';
    const started = performance.now();
    const runtime = await startServiceRuntime(settings({ DATABASE_URL: url.toString() }), log);
    note(`PostgreSQL: seeded in ${seconds(performance.now() - started)}`);
    let lines: string[];
    let terms: string[];
    try {
      // Profiled only with BENCH_PROFILE=1, whose server loads pg_stat_statements: the firstsync part's last round
      // asked a server without it, and the bench ended there (its profile's connection, left open, then took the
      // process down with the server's stop).
      const profiled = PROFILE ? { url: url.toString(), dataDir: server.dataDir } : undefined;
      lines = await benchDatabase('PostgreSQL', runtime, profiled);
      terms = await searchTerms(runtime.db);
    } finally {
      await runtime.close();
    }
    const start = { env: { DATABASE_URL: url.toString() }, masterKey: MASTER_KEY };
    if (PARTS.has('cold')) lines.push(...(await coldLines('PostgreSQL', start, terms)));
    return lines;
  } finally {
    await server.stop();
  }
}

async function main(): Promise<void> {
  // The Request and Response that `npm start` runs with: its server (run-foyer.ts, @hono/node-server) puts its light
  // ones in place of the global ones, which hold a body as it is until someone reads it. Without them, every page
  // the embedded service answered the sync with was encoded to UTF-8 for nobody (the gateway takes the page's
  // prepared text): 2.6-3.8 ms per 1,000 customers (pages hold 100), a cost `npm start` does not have.
  getRequestListener(() => new Response(null));
  console.log(
    `Mirror benchmark: ${CUSTOMERS} customers, ${ORDERS} orders (demo client), concurrency ${CONCURRENCY}, ${CHANGES} changes.`,
  );
  console.log(`Before: ${load()}\n`);
  const lines: string[] = [];
  if (DATABASES.includes('pglite')) lines.push(...(await benchPglite()));
  if (DATABASES.includes('postgres')) lines.push(...(await benchPostgres()));
  console.log(
    `${'database'.padEnd(10)}  ${'sync'.padEnd(34)}  ${'time'.padStart(8)}  ${'requests'.padStart(8)}  ${'records'.padStart(9)}  ${'rows/s'.padStart(8)}  ${'RSS MB'.padStart(6)}`,
  );
  for (const line of lines) console.log(line);
  console.log(`\nAfter: ${load()}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
