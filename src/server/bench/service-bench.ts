import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import pg from 'pg';
import pino from 'pino';
import { type ServiceRuntime, startServiceRuntime } from '../runtime';
import { findPostgresBinaries, startPostgresServer } from '../testing/postgres-server';
import type { LoadJob, LoadResult, SeatChoice } from './load-generator';
import { runLoad } from './run-load';

/**
 * `npm run bench:service`: seed and restart times, then latency and throughput of the service's hot
 * endpoints over real HTTP (20 connections), on PGlite and on a throwaway PostgreSQL server. The server
 * runs in this process; the load comes from a child process (load-generator.ts) so the two do not share
 * an event loop.
 */

const CONNECTIONS = 20;
const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_SECONDS = 1;
const DEMO_KEY = 'demo-partner-key';
/**
 * Parts to run, for working on one of them (the full run takes minutes): BENCH_DATABASES=pglite,postgres
 * and BENCH_PARTS=reads,selling, each a comma-separated list; both default to everything.
 */
const only = (variable: string, all: readonly string[]) => {
  const wanted = process.env[variable]?.split(',').map((part) => part.trim());
  return new Set(all.filter((part) => !wanted || wanted.includes(part)));
};
const DATABASES = only('BENCH_DATABASES', ['pglite', 'postgres']);
const PARTS = only('BENCH_PARTS', ['reads', 'selling']);

type Budget = { metric: 'p50' | 'p99'; limitMs: number };

interface Row {
  database: string;
  name: string;
  result?: LoadResult;
  note?: string;
  budget?: Budget;
}

const log = pino({ level: 'warn' });

type RuntimeSettings = Parameters<typeof startServiceRuntime>[0];

function config(overrides: Partial<RuntimeSettings>): RuntimeSettings {
  return {
    DATA_DIR: '.data',
    DATABASE_URL: undefined,
    SEED: 'demo',
    SEED_CUSTOMERS: undefined,
    CART_TIMEOUT_SECONDS: 900,
    ...overrides,
  };
}

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await work();
  return [value, performance.now() - started];
}

interface DemoIds {
  arenaEventId: number | undefined;
  customerId: number | undefined;
  paymentMethodId: number | undefined;
}

/** The arena (the reserved-seating hall with the most seats), a customer and the cash desk method of `demo`. */
async function findDemoIds(runtime: ServiceRuntime): Promise<DemoIds> {
  const db = runtime.db;
  const arena = await db.query<{ id: number }>(
    `select e.id from events e
       join clients c on c.id = e.client_id
       join halls h on h.id = e.hall_id
      where c.name = 'demo' and h.seating = 'reserved' and e.status = 'pub'
      order by (select count(*) from seats s where s.hall_id = h.id) desc, (e.starts_at > now()) desc, e.starts_at
      limit 1`,
  );
  const customer = await db.query<{ id: number }>(
    `select cu.id from customers cu join clients c on c.id = cu.client_id where c.name = 'demo' order by cu.id limit 1`,
  );
  const payment = await db.query<{ id: number }>(
    `select p.id from payment_methods p join clients c on c.id = p.client_id
      where c.name = 'demo' and p.kind = 'desk' and p.desk_status = 'paid'
      order by (p.name ilike '%cash%' or p.name ilike '%contant%') desc, p.position, p.id limit 1`,
  );
  return {
    arenaEventId: arena.rows[0]?.id,
    customerId: customer.rows[0]?.id,
    paymentMethodId: payment.rows[0]?.id,
  };
}

interface SeatPlan {
  priceLevels: { priceId: string; rankId: number; amount: number }[];
  sections: { rows: { seats: { seatId: string; rankId: number; available: boolean }[] }[] }[];
}

function availableSeats(plan: SeatPlan): SeatChoice[] {
  // The full price of each rank: discounts may have per-event maxima that a long run would exhaust.
  const fullPrice = new Map<number, { priceId: string; amount: number }>();
  for (const level of plan.priceLevels) {
    const known = fullPrice.get(level.rankId);
    if (!known || level.amount > known.amount) fullPrice.set(level.rankId, level);
  }
  const priceOfRank = new Map([...fullPrice].map(([rankId, level]) => [rankId, level.priceId]));
  const seats: SeatChoice[] = [];
  for (const section of plan.sections) {
    for (const row of section.rows) {
      for (const seat of row.seats) {
        const priceId = priceOfRank.get(seat.rankId);
        if (seat.available && priceId) seats.push({ seatId: seat.seatId, rankId: seat.rankId, priceId });
      }
    }
  }
  return seats;
}

async function benchServer(runtime: ServiceRuntime, database: string, isPostgres: boolean): Promise<Row[]> {
  const server = serve({ fetch: runtime.app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const headers = { authorization: DEMO_KEY, 'content-type': 'application/json' };
  // The reads are asked for as real clients ask: browsers, curl --compressed and fetch all accept gzip.
  const readHeaders = { ...headers, 'accept-encoding': 'gzip, deflate, br' };
  const ids = await findDemoIds(runtime);
  const rows: Row[] = [];

  const probe = async (method: string, path: string, body?: string) => {
    const response = await fetch(base + path, { method, headers, ...(body === undefined ? {} : { body }) });
    const text = await response.text();
    return { status: response.status, text };
  };

  // The cheapest real endpoint: a handful of payment-method rows behind the same key check (halls as a fallback).
  const baselinePath =
    (await probe('GET', '/v1/demo/partner/paymentmethods')).status === 200 ? 'paymentmethods' : 'hall';
  const reads: { name: string; method: 'GET' | 'POST'; path: string; body?: string; budget?: Budget }[] = [
    { name: `baseline GET /partner/${baselinePath}`, method: 'GET', path: `/v1/demo/partner/${baselinePath}` },
    {
      name: 'GET /partner/event',
      method: 'GET',
      path: '/v1/demo/partner/event',
      budget: { metric: 'p99', limitMs: 50 },
    },
    {
      name: `GET /partner/seating/${ids.arenaEventId ?? '?'} (arena)`,
      method: 'GET',
      path: `/v1/demo/partner/seating/${ids.arenaEventId ?? 0}`,
      budget: { metric: 'p50', limitMs: 100 },
    },
    {
      name: 'GET /partner/order?page=1',
      method: 'GET',
      path: '/v1/demo/partner/order?page=1',
      budget: { metric: 'p99', limitMs: 50 },
    },
    {
      name: 'POST /partner/export/orders?page=50',
      method: 'POST',
      path: '/v1/demo/partner/export/orders?page=50',
      body: '{}',
      budget: { metric: 'p99', limitMs: 50 },
    },
  ];

  for (const read of PARTS.has('reads') ? reads : []) {
    const row: Row = { database, name: read.name, ...(read.budget ? { budget: read.budget } : {}) };
    rows.push(row);
    const check = await probe(read.method, read.path, read.body);
    if (check.status !== 200) {
      row.note = `not measured: ${check.status} ${check.text.slice(0, 60)}`;
      continue;
    }
    const job = (durationSeconds: number, connections: number): LoadJob => ({
      kind: 'http',
      url: base + read.path,
      method: read.method,
      headers: readHeaders,
      ...(read.body === undefined ? {} : { body: read.body }),
      connections,
      durationSeconds,
    });
    await runLoad(job(WARMUP_SECONDS, 5));
    row.result = await runLoad(job(DURATION_SECONDS, CONNECTIONS));
    process.stderr.write(`  ${database} ${read.name}: done\n`);
  }

  if (PARTS.has('selling')) rows.push(...(await benchSelling(base, database, isPostgres, ids, probe)));
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return rows;
}

/** Selling: needs the arena's seats, carts and checkout. */
async function benchSelling(
  base: string,
  database: string,
  isPostgres: boolean,
  ids: DemoIds,
  probe: (method: string, path: string) => Promise<{ status: number; text: string }>,
): Promise<Row[]> {
  const addRow: Row = { database, name: 'POST /partner/cart/{id} (add 1 seat)' };
  const saleRow: Row = {
    database,
    name: 'full sale (cart → 2 seats → cash)',
    ...(isPostgres ? { budget: { metric: 'p99', limitMs: 100 } as Budget } : {}),
  };
  const plan = await probe('GET', `/v1/demo/partner/seating/${ids.arenaEventId ?? 0}`);
  const cart = await fetch(`${base}/v1/demo/cart/`, { method: 'POST' });
  await cart.arrayBuffer();
  const missing =
    ids.arenaEventId === undefined
      ? 'no arena event in the demo data'
      : plan.status !== 200
        ? `seating plan → ${plan.status}`
        : cart.status !== 201
          ? `POST /cart/ → ${cart.status}`
          : ids.customerId === undefined || ids.paymentMethodId === undefined
            ? 'no demo customer or desk payment method'
            : null;
  if (missing || ids.arenaEventId === undefined) {
    addRow.note = `not measured: ${missing}`;
    saleRow.note = `not measured: ${missing}`;
  } else {
    const seats = availableSeats(JSON.parse(plan.text) as SeatPlan);
    const half = Math.floor(seats.length / 2);
    const common = {
      base,
      apiKey: DEMO_KEY,
      eventId: ids.arenaEventId,
      concurrency: CONNECTIONS,
      warmupSeconds: WARMUP_SECONDS,
    };
    addRow.result = await runLoad({
      kind: 'add-seat',
      ...common,
      seats: seats.slice(0, half),
      durationSeconds: DURATION_SECONDS,
    });
    process.stderr.write(`  ${database} add seat: done\n`);
    saleRow.result = await runLoad({
      kind: 'sale',
      ...common,
      seats: seats.slice(half),
      customerId: ids.customerId as number,
      paymentMethodId: ids.paymentMethodId as number,
      durationSeconds: DURATION_SECONDS,
    });
    process.stderr.write(`  ${database} full sale: done\n`);
  }
  return [addRow, saleRow];
}

async function benchPglite(): Promise<{ rows: Row[]; seedMs: number; restartMs: number }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'foyer-bench-'));
  try {
    const settings = config({ DATA_DIR: dataDir });
    const [first, seedMs] = await timed(() => startServiceRuntime(settings, log));
    await first.db.close();
    const [runtime, restartMs] = await timed(() => startServiceRuntime(settings, log));
    process.stderr.write(`  PGlite seeded in ${ms(seedMs)}, restarted in ${ms(restartMs)}\n`);
    const rows = await benchServer(runtime, 'PGlite', false);
    await runtime.db.close();
    return { rows, seedMs, restartMs };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres(): Promise<{ rows: Row[]; seedMs: number; restartMs: number; settings: string } | string> {
  if (!findPostgresBinaries()) return 'PostgreSQL binaries (initdb, pg_ctl) not found: skipped';
  // Durable as in production: every commit waits for its WAL to reach the disk.
  const server = await startPostgresServer({ durable: true });
  try {
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query('create database foyer_bench');
    // Printed with the results: durability decides what a commit costs.
    const shown = await admin.query<{ setting: string }>(
      `select name || '=' || current_setting(name) as setting from pg_settings
        where name in ('fsync', 'synchronous_commit', 'full_page_writes', 'shared_buffers', 'max_connections')
        order by name`,
    );
    await admin.end();
    const serverSettings = shown.rows.map((row) => row.setting).join(', ');
    const url = new URL(server.url);
    url.pathname = '/foyer_bench';
    const settings = config({ DATABASE_URL: url.toString() });
    const [first, seedMs] = await timed(() => startServiceRuntime(settings, log));
    await first.db.close();
    const [runtime, restartMs] = await timed(() => startServiceRuntime(settings, log));
    process.stderr.write(`  PostgreSQL seeded in ${ms(seedMs)}, restarted in ${ms(restartMs)}\n`);
    const rows = await benchServer(runtime, 'PostgreSQL', true);
    await runtime.db.close();
    return { rows, seedMs, restartMs, settings: serverSettings };
  } finally {
    await server.stop();
  }
}

const ms = (value: number) =>
  Number.isFinite(value) ? `${value < 10 ? value.toFixed(1) : Math.round(value)} ms` : '—';

function verdict(row: Row): string {
  if (!row.budget) return '';
  if (!row.result || row.result.requests === 0) return 'n/a';
  const value = row.result[row.budget.metric];
  const ok = value <= row.budget.limitMs && row.result.non2xx === 0 && row.result.errors === 0;
  return `${ok ? 'PASS' : 'FAIL'} (${row.budget.metric} ≤ ${row.budget.limitMs} ms)`;
}

function printTable(rows: Row[]): void {
  const header = ['database', 'endpoint', 'req/s', 'p50', 'p99', 'non-2xx/err', 'budget'];
  const lines = rows.map((row) =>
    row.result
      ? [
          row.database,
          row.name,
          row.result.perSecond.toFixed(0),
          ms(row.result.p50),
          ms(row.result.p99),
          `${row.result.non2xx}/${row.result.errors}`,
          verdict(row),
        ]
      : [row.database, row.name, '—', '—', '—', '—', row.note ?? ''],
  );
  const widths = header.map((title, column) =>
    Math.max(title.length, ...lines.map((line) => line[column]?.length ?? 0)),
  );
  const format = (cells: string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ');
  console.log(format(header));
  console.log(widths.map((width) => '-'.repeat(width)).join('  '));
  for (const line of lines) console.log(format(line));
  for (const row of rows) {
    if (row.result?.firstError) console.log(`  ${row.database} ${row.name}: first error: ${row.result.firstError}`);
  }
}

async function main(): Promise<void> {
  console.log(
    `Service benchmark: ${CONNECTIONS} connections, ${DURATION_SECONDS} s per endpoint (after ${WARMUP_SECONDS} s warm-up), demo data.\n`,
  );
  // Other work on the machine inflates every figure; the load average says how much there was.
  const load = () => `load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} CPUs`;
  console.log(`Before: ${load()}`);
  const pglite = DATABASES.has('pglite') ? await benchPglite() : undefined;
  const postgres = DATABASES.has('postgres') ? await benchPostgres() : 'not selected (BENCH_DATABASES)';
  console.log('\nStart-up');
  const within = (value: number, limit: number) => (value <= limit ? 'PASS' : 'FAIL');
  if (!pglite) console.log('  PGlite      not selected (BENCH_DATABASES)');
  else {
    console.log(
      `  PGlite      first start with seeding ${ms(pglite.seedMs)} ${within(pglite.seedMs, 30_000)} (≤ 30 s), ` +
        `restart ${ms(pglite.restartMs)} ${within(pglite.restartMs, 5_000)} (≤ 5 s)`,
    );
  }
  if (typeof postgres === 'string') console.log(`  PostgreSQL  ${postgres}`);
  else {
    console.log(`  PostgreSQL  first start with seeding ${ms(postgres.seedMs)}, restart ${ms(postgres.restartMs)}`);
    console.log(`  PostgreSQL  server settings: ${postgres.settings}`);
  }
  console.log('');
  printTable([...(pglite?.rows ?? []), ...(typeof postgres === 'string' ? [] : postgres.rows)]);
  console.log(`\nAfter: ${load()}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
