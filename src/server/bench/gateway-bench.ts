import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import pg from 'pg';
import pino from 'pino';
import { createRootApp } from '../app';
import type { Database } from '../db/database';
import { type GatewayEnv, SESSION_COOKIE, type SessionAhead } from '../gateway/access';
import { SessionStore } from '../gateway/auth';
import { forwardHandler } from '../gateway/forward';
import type { GatewayDeps } from '../gateway/gateway-deps';
import type { Principal } from '../gateway/principal';
import { embeddedService } from '../gateway/service-connection';
import { SALE_READ_DELAY_MS } from '../gateway/shifts';
import { openGateway } from '../gateway/start-gateway';
import { DEMO_PASSWORD } from '../gateway/store';
import { type ServiceRuntime, startServiceRuntime } from '../runtime';
import { loadDemoFixtures } from '../testing/demo-fixtures';
import { organisationIdOf } from '../testing/mirror';
import { findPostgresBinaries, startPostgresServer } from '../testing/postgres-server';
import { fullPriceType } from '../testing/selling';
import type { LoadJob, LoadResult } from './load-generator';
import { runLoad } from './run-load';
import { median, percentile } from './stats';

/**
 * `npm run bench:gateway`: what staff accounts cost (issue 18).
 * - Sign-in: latency of `POST /api/session` (argon2id, ~100 ms by design) at 1 connection, and at 4.
 * - Sign-ins do not stall others: a cheap read's latency alone and while 8 connections keep signing in.
 * - Permission check + database session on a forwarded read: the same cheap partner read through the
 *   gateway's forwarder twice — once as `/api/v1/...` is served (cookie → session from the database →
 *   permission table), once by the same app given the person without the database — both at the same time,
 *   20 connections each, a steady 500 requests/s in all (a busy organisation), so that machine noise hits
 *   both; the added p50/p99 is the difference of the samples pooled over the rounds. The direct service read
 *   (`/v1/...` with the API key) and a bare forwarder are shown beside.
 * - The audit trail on a sale (issue 20): a full sale (create cart, add a ticket, check out cash) through the
 *   forwarder with the trail and without it, one after another, alternating sale by sale (A B B A); the
 *   medians, the median of the pairs' differences, and the time of the appends themselves.
 * - A shift on a sale (issue 20): the same sale, with the trail, while the seller has no shift open and while
 *   one is (the sale joins it, and its amounts are read from the service after the answer), A B A B.
 * Budgets: sign-in p50 within 50–250 ms at 1 connection; p99 added ≤ 2 ms; a sale with the trail, and one in a
 * shift, ≤ 10 % slower.
 */

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
/** Rounds of the forwarded read, whose samples are pooled: a p99 of one 5-second round is at the mercy of one pause. */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
const STEADY_RATE = Number(process.env.BENCH_RATE ?? 500);
const MASTER_KEY = 'bench-master-key-of-at-least-32-characters';
const ONLY = process.env.BENCH_ONLY;
/** BENCH_ENGINE=pglite or postgres runs one engine; unset, both (PostgreSQL when its binaries are found). */
const ENGINE = process.env.BENCH_ENGINE;
const log = pino({ level: 'warn' });
const load = () => `load average ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} CPUs`;
const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;

interface Started {
  base: string;
  /** A forwarder that skips the session and permission check: the person is given up front. */
  bareBase: string;
  /** The whole app with its permission checks, the session given without the database. */
  givenBase: string;
  cookie: string;
  /** Forwarders with the person given up front, in-process: recording the audit trail, and not. */
  withAudit: Hono<GatewayEnv>;
  withoutAudit: Hono<GatewayEnv>;
  /** The time of every audit append `withAudit` made (the statement, its commit included), in ms. */
  appendTimes: number[];
  /** The signed-in person (the seller of the sales). */
  principal: Principal;
  deps: GatewayDeps;
  close(): Promise<void>;
}

/** Sessions that always name the bench's person, without the database. */
class GivenSession extends SessionStore {
  readonly #principal: Principal;
  constructor(db: Database, principal: Principal) {
    super(db, 'unused');
    this.#principal = principal;
  }
  override async resolve(): Promise<Principal> {
    return this.#principal;
  }
  override resolveAhead(): SessionAhead {
    return { known: this.#principal, current: Promise.resolve({ principal: this.#principal, unchanged: true }) };
  }
}

function personGiven(deps: Parameters<typeof forwardHandler>[0], principal: Principal, audit: boolean) {
  const app = new Hono<GatewayEnv>();
  const forward = forwardHandler(deps, { audit });
  app.all('/api/v1/*', (c) => {
    c.set('principal', principal);
    return forward(c);
  });
  return app;
}

/** The database, with the time of each audit append (one statement, committed on its own) noted in `times`. */
function timingAppends(db: Database, times: number[]): Database {
  return new Proxy(db, {
    get(target, property) {
      if (property === 'query') {
        return async (sql: string, params?: readonly unknown[]) => {
          const started = performance.now();
          try {
            return await target.query(sql, params);
          } finally {
            if (sql.includes('gateway.audit_append')) times.push(performance.now() - started);
          }
        };
      }
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

async function startFoyer(runtime: ServiceRuntime): Promise<Started> {
  const { deps } = await openGateway(
    { DATA_DIR: '', FOYER_MASTER_KEY: MASTER_KEY },
    { db: runtime.db, service: embeddedService(runtime.app), log, seedDemo: true },
  );
  // The mirror's first full sync (50,000 demo orders) would otherwise run during the first minutes of the
  // measurements, on the same cores and database; after it, the schedule's syncs find nothing to do.
  await deps.mirror.syncNow(await organisationIdOf(deps.db, 'demo'));
  const app = createRootApp({ runtime, log, staticRoot: null, gateway: deps });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const signIn = await fetch(`${base}/api/session`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: DEMO_PASSWORD }),
  });
  if (signIn.status !== 200) throw new Error(`bench sign-in failed: ${signIn.status}`);
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const principal = await deps.sessions.resolve(decodeURIComponent(cookie.split('=')[1] ?? ''));
  if (!principal) throw new Error('bench session not found');
  const bare = new Hono<GatewayEnv>();
  const forward = forwardHandler(deps);
  bare.all('/api/v1/*', (c) => {
    c.set('principal', principal);
    return forward(c);
  });
  const bareServer = serve({ fetch: bare.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => bareServer.once('listening', () => resolve()));
  const bareBase = `http://127.0.0.1:${(bareServer.address() as AddressInfo).port}`;
  // The whole app as served, but the session given without the database: the permission check and every
  // other middleware run as usual, so against `base` the difference is the session's cost alone.
  const givenSessions = new GivenSession(deps.db, principal);
  const given = createRootApp({ runtime, log, staticRoot: null, gateway: { ...deps, sessions: givenSessions } });
  const givenServer = serve({ fetch: given.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => givenServer.once('listening', () => resolve()));
  const givenBase = `http://127.0.0.1:${(givenServer.address() as AddressInfo).port}`;
  const appendTimes: number[] = [];
  const closeOne = (one: typeof server) => new Promise<void>((resolve) => one.close(() => resolve()));
  return {
    base,
    bareBase,
    cookie,
    withAudit: personGiven({ ...deps, db: timingAppends(deps.db, appendTimes) }, principal, true),
    appendTimes,
    withoutAudit: personGiven(deps, principal, false),
    principal,
    givenBase,
    deps,
    close: async () => void (await Promise.all([closeOne(server), closeOne(bareServer), closeOne(givenServer)])),
  };
}

type HttpJob = Extract<LoadJob, { kind: 'http' }>;

const read = (url: string, headers: Record<string, string>, connections: number, seconds = SECONDS): HttpJob => ({
  kind: 'http',
  url,
  method: 'GET',
  headers,
  connections,
  durationSeconds: seconds,
});

function line(name: string, result: LoadResult): string {
  const failures = result.non2xx + result.errors > 0 ? `  (${result.non2xx} non-2xx, ${result.errors} errors)` : '';
  return `  ${name.padEnd(44)} ${result.perSecond.toFixed(0).padStart(6)}/s  p50 ${ms(result.p50).padStart(9)}  p99 ${ms(result.p99).padStart(9)}${failures}`;
}

async function bench(database: string, runtime: ServiceRuntime): Promise<string[]> {
  const foyer = await startFoyer(runtime);
  const verdicts: string[] = [];
  try {
    // BENCH_ONLY=sale: the sale with and without the audit trail, and in a shift and not; BENCH_ONLY=read: the forwarded read alone.
    if (ONLY === 'sale') {
      verdicts.push(await saleWithAndWithoutAudit(database, runtime, foyer));
      verdicts.push(await saleInAndOutOfShift(database, runtime, foyer));
      return verdicts;
    }
    const path = '/demo/partner/paymentmethods';
    const steady = { overallRate: STEADY_RATE };
    const direct = { ...read(`${foyer.base}/v1${path}`, { authorization: 'demo-partner-key' }, 20), ...steady };
    const bare = { ...read(`${foyer.bareBase}/api/v1${path}`, {}, 20), ...steady };
    // The two sides of the comparison at the same time, request by request (A B A B at 500/s in all, 20
    // connections each), so that a pause of the machine delays both alike; their samples pooled over the rounds.
    const paired: LoadJob = {
      kind: 'paired',
      sides: [
        { url: `${foyer.givenBase}/api/v1${path}`, headers: {} },
        { url: `${foyer.base}/api/v1${path}`, headers: { cookie: foyer.cookie } },
      ],
      connectionsPerSide: 20,
      overallRate: STEADY_RATE,
      warmupSeconds: 0,
      durationSeconds: SECONDS,
    };
    console.log(
      `\n${database}: a forwarded read, 20 connections at ${STEADY_RATE}/s, ${SECONDS} s each; the app with and without ` +
        `the database session alternating request by request (20 connections each)`,
    );
    for (const job of [direct, bare, paired]) await runLoad({ ...job, durationSeconds: 1 });
    const pooled = { given: [] as number[], session: [] as number[] };
    const added = { p50: [] as number[], p99: [] as number[] };
    for (let round = 1; round <= ROUNDS; round++) {
      const service = await runLoad(direct);
      const forwarderAlone = await runLoad(bare);
      const a = await runLoad(paired);
      const b = a.second as LoadResult;
      console.log(line(`round ${round} service  GET /v1${path}`, service));
      console.log(line(`round ${round} forwarder alone, person given`, forwarderAlone));
      console.log(line(`round ${round} app, session given → permission`, a));
      console.log(line(`round ${round} app, cookie → session → permission`, b));
      pooled.given.push(...(a.samples ?? []));
      pooled.session.push(...(b.samples ?? []));
      added.p50.push(b.p50 - a.p50);
      added.p99.push(b.p99 - a.p99);
    }
    console.log(
      `  added by the session, by round: p50 ${added.p50.map(ms).join(', ')}; p99 ${added.p99.map(ms).join(', ')}`,
    );
    const [given50, given99, session50, session99] = [
      percentile(pooled.given, 50),
      percentile(pooled.given, 99),
      percentile(pooled.session, 50),
      percentile(pooled.session, 99),
    ];
    console.log(
      `  pooled over ${ROUNDS} rounds (${pooled.given.length} and ${pooled.session.length} requests): session given p50 ` +
        `${ms(given50)} p99 ${ms(given99)}; from the database p50 ${ms(session50)} p99 ${ms(session99)}`,
    );
    const p99Added = session99 - given99;
    verdicts.push(
      `${database}: p99 added ${ms(p99Added)} (pooled over ${ROUNDS} rounds, both sides at once; p50 added ${ms(session50 - given50)}; ` +
        `median round ${ms(median(added.p99))}) → ${p99Added <= 2 ? 'PASS' : 'FAIL'} (≤ 2 ms)`,
    );
    if (ONLY === 'read') return verdicts;

    verdicts.push(await saleWithAndWithoutAudit(database, runtime, foyer));
    verdicts.push(await saleInAndOutOfShift(database, runtime, foyer));

    console.log(`\n${database}: sign-in (argon2id), 1 connection then 4, ${SECONDS} s each`);
    const signIn: HttpJob = {
      kind: 'http',
      url: `${foyer.base}/api/session`,
      method: 'POST',
      headers: { origin: foyer.base, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'manager@demo.test', password: DEMO_PASSWORD }),
      connections: 1,
      durationSeconds: SECONDS,
    };
    const signIns = await runLoad(signIn);
    console.log(line('POST /api/session, 1 connection', signIns));
    console.log(line('POST /api/session, 4 connections', await runLoad({ ...signIn, connections: 4 })));
    const inBudget = signIns.p50 >= 50 && signIns.p50 <= 250;
    verdicts.push(
      `${database}: sign-in p50 ${ms(signIns.p50)}, p99 ${ms(signIns.p99)} → ${inBudget ? 'PASS' : 'FAIL'} (p50 50–250 ms)`,
    );

    console.log(`\n${database}: does signing in stall others? a cheap forwarded read at 5 connections`);
    const probe = read(`${foyer.base}/api/v1${path}`, { cookie: foyer.cookie }, 5);
    const alone = await runLoad(probe);
    const [during, background] = await Promise.all([
      runLoad(probe),
      runLoad({ ...signIn, connections: 8, durationSeconds: SECONDS + 1 }),
    ]);
    console.log(line('read alone', alone));
    console.log(line('read while 8 connections sign in', during));
    console.log(line('(the sign-ins meanwhile)', background));
    verdicts.push(
      `${database}: read p99 ${ms(alone.p99)} alone, ${ms(during.p99)} during sign-ins (the hashes run on libuv's thread pool)`,
    );
  } finally {
    // Calls still in the hashing queue when a load ended finish before the database closes.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await foyer.close();
  }
  return verdicts;
}

const SALES_PER_ROUND = Number(process.env.BENCH_SALES ?? 30);
const SALE_ROUNDS = 3;

/** Full sales one after another through `app`: the time of each, in ms. */
async function sales(
  app: Hono<GatewayEnv>,
  count: number,
  sale: { item: object; checkout: object },
): Promise<number[]> {
  const origin = 'http://bench.test';
  const call = async (path: string, body?: unknown) => {
    const response = await app.request(`${origin}/api/v1/demo${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (response.status >= 300) throw new Error(`bench sale: ${path} answered ${response.status}`);
    return (await response.json()) as Record<string, unknown>;
  };
  const times: number[] = [];
  for (let n = 0; n < count; n++) {
    const started = performance.now();
    const { cart_id: cartId } = (await call('/cart/')) as { cart_id: string };
    await call(`/partner/cart/${cartId}`, [sale.item]);
    await call(`/partner/cart/${cartId}/checkout`, sale.checkout);
    times.push(performance.now() - started);
  }
  return times;
}

/** The bench's sale: one arena ticket, checked out cash to a demo customer. */
async function benchSale(runtime: ServiceRuntime): Promise<{ item: object; checkout: object }> {
  const fx = await loadDemoFixtures(runtime.db);
  return {
    item: {
      priceId: await fullPriceType(runtime.db, fx.arena.eventId, fx.arena.rankId),
      rankId: fx.arena.rankId,
      eventId: fx.arena.eventId,
    },
    checkout: { customerId: fx.customers.withTags.customerId, paymentMethodId: fx.paymentMethods.cash },
  };
}

async function saleWithAndWithoutAudit(database: string, runtime: ServiceRuntime, foyer: Started): Promise<string> {
  const sale = await benchSale(runtime);
  const pairs = SALES_PER_ROUND * SALE_ROUNDS;
  console.log(
    `\n${database}: a full sale (cart, a ticket, cash checkout), ${pairs} pairs, alternating sale by sale (A B B A)`,
  );
  // Warm-up: the first few dozen sales on a fresh database run two to three times slower (plans, caches).
  await sales(foyer.withoutAudit, SALES_PER_ROUND, sale);
  await sales(foyer.withAudit, SALES_PER_ROUND, sale);
  foyer.appendTimes.length = 0;
  const without: number[] = [];
  const withTrail: number[] = [];
  const added: number[] = [];
  const one = async (app: Hono<GatewayEnv>) => (await sales(app, 1, sale))[0] as number;
  for (let pair = 0; pair < pairs; pair++) {
    // Alternating which goes first cancels what the order of the two does to their times.
    let a: number;
    let b: number;
    if (pair % 2 === 0) {
      a = await one(foyer.withoutAudit);
      b = await one(foyer.withAudit);
    } else {
      b = await one(foyer.withAudit);
      a = await one(foyer.withoutAudit);
    }
    without.push(a);
    withTrail.push(b);
    added.push(b - a);
  }
  const appends = foyer.appendTimes;
  console.log(
    `  without the trail: median ${ms(median(without))}   with the trail: median ${ms(median(withTrail))}   ` +
      `added, median of the pairs: ${ms(median(added))}`,
  );
  console.log(
    `  the trail's appends: ${appends.length} (${(appends.length / pairs).toFixed(1)} a sale), p50 ${ms(percentile(appends, 50))}, ` +
      `p95 ${ms(percentile(appends, 95))} each`,
  );
  const slower = median(withTrail) / median(without) - 1;
  return `${database}: a sale with the audit trail ${ms(median(withTrail))} vs ${ms(median(without))} without (${(slower * 100).toFixed(1)} %; added per pair, median ${ms(median(added))}) → ${slower <= 0.1 ? 'PASS' : 'FAIL'} (≤ 10 %)`;
}

/**
 * The sale (with the trail) while the seller has no shift open, and while one is: the sale joins the shift in
 * the checkout's answer, and its amounts are read from the service a moment after (no desk screen asks here) —
 * those reads overlap the sales that follow, as they would only at a desk selling many times a second. Shifts
 * are opened and closed straight in the table between the rounds.
 */
async function saleInAndOutOfShift(database: string, runtime: ServiceRuntime, foyer: Started): Promise<string> {
  const sale = await benchSale(runtime);
  const { accountId, organisationId } = foyer.principal;
  const openShift = async () => {
    const { rows } = await runtime.db.query<{ id: string }>(
      `insert into gateway.desks (organisation_id, name) values ($1, 'Bench') on conflict (organisation_id, lower(name))
         do update set last_used_at = now() returning id`,
      [organisationId],
    );
    await runtime.db.query(
      `insert into gateway.shifts (organisation_id, desk_id, account_id, time_zone, opening_float_cents)
       values ($1, $2, $3, 'Europe/Amsterdam', 0)`,
      [organisationId, rows[0]?.id, accountId],
    );
  };
  const closeShift = () =>
    runtime.db.query(
      `update gateway.shifts set status = 'closed', closed_at = now(), closed_by = account_id, expected_cash_cents = 0,
              expected_card_cents = 0, counted_cash_cents = 0, counted_card_cents = 0, z_report = '{}'
        where account_id = $1 and status = 'open'`,
      [accountId],
    );
  const inShift = async (count: number) => {
    await openShift();
    try {
      return await sales(foyer.withAudit, count, sale);
    } finally {
      // The last sales' amounts are read a moment after them: let them land before the shift is closed.
      await new Promise((resolve) => setTimeout(resolve, SALE_READ_DELAY_MS + 500));
      await closeShift();
    }
  };
  console.log(`\n${database}: the same sale without a shift and in an open shift, ${SALES_PER_ROUND} a round, A B A B`);
  await sales(foyer.withAudit, 5, sale);
  await inShift(5);
  const without: number[] = [];
  const within: number[] = [];
  for (let round = 1; round <= SALE_ROUNDS; round++) {
    const a = await sales(foyer.withAudit, SALES_PER_ROUND, sale);
    const b = await inShift(SALES_PER_ROUND);
    console.log(`  round ${round}  no shift: median ${ms(median(a))}   in a shift: median ${ms(median(b))}`);
    without.push(...a);
    within.push(...b);
  }
  const { rows } = await runtime.db.query<{ n: number; unread: number }>(
    `select count(*)::int as n, count(*) filter (where read_at is null)::int as unread from gateway.shift_sales
      where organisation_id = $1`,
    [organisationId],
  );
  console.log(`  ${rows[0]?.n} sales joined the shifts; ${rows[0]?.unread} of them still unread at the end`);
  const slower = median(within) / median(without) - 1;
  return `${database}: a sale in a shift ${ms(median(within))} vs ${ms(median(without))} without (${(slower * 100).toFixed(1)} %) → ${slower <= 0.1 ? 'PASS' : 'FAIL'} (≤ 10 %)`;
}

async function main(): Promise<void> {
  console.log(`Gateway benchmark (issue 18). Before: ${load()}`);
  const verdicts: string[] = [];
  if (ONLY === 'desk') {
    await benchDesk(verdicts);
    console.log(`\nVerdicts\n${verdicts.map((verdict) => `  ${verdict}`).join('\n')}\n\nAfter: ${load()}`);
    return;
  }
  if (ENGINE !== 'postgres') await benchPglite(verdicts);
  if (ENGINE !== 'pglite') await benchPostgres(verdicts);
  console.log(`\nVerdicts\n${verdicts.map((verdict) => `  ${verdict}`).join('\n')}\n\nAfter: ${load()}`);
}

async function benchPglite(verdicts: string[]): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'foyer-gateway-bench-'));
  try {
    const settings = {
      DATA_DIR: dataDir,
      DATABASE_URL: undefined,
      SEED: 'demo' as const,
      SEED_CUSTOMERS: 1000,
      CART_TIMEOUT_SECONDS: 900,
    };
    const runtime = await startServiceRuntime(settings, log);
    verdicts.push(...(await bench('PGlite', runtime)));
    await runtime.close();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function benchPostgres(verdicts: string[]): Promise<void> {
  if (findPostgresBinaries()) {
    const server = await startPostgresServer({ durable: true });
    try {
      const admin = new pg.Client({ connectionString: server.url });
      await admin.connect();
      await admin.query('create database foyer_gateway_bench');
      await admin.end();
      const url = new URL(server.url);
      url.pathname = '/foyer_gateway_bench';
      process.env.SESSION_URL = url.toString();
      const runtime = await startServiceRuntime(
        { DATA_DIR: '', DATABASE_URL: url.toString(), SEED: 'demo', SEED_CUSTOMERS: 1000, CART_TIMEOUT_SECONDS: 900 },
        log,
      );
      verdicts.push(...(await bench('PostgreSQL', runtime)));
      await runtime.close();
    } finally {
      await server.stop();
    }
  } else verdicts.push('PostgreSQL: binaries not found, skipped');
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);

const DESK_SELLERS = 20;
const DESK_ROUNDS = Number(process.env.BENCH_DESK_ROUNDS ?? 3);

/**
 * CPU seconds so far of this process (Foyer and the embedded service) and of the bench's PostgreSQL server (its
 * postmaster and the processes it started; other servers on the machine are not counted).
 */
function cpuSeconds(postmaster: number): { foyer: number; postgres: number } {
  const usage = process.cpuUsage();
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      // State, ppid, …, utime and stime (fields 14 and 15), after the command's closing parenthesis.
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      if (Number(pid) !== postmaster && Number(fields[1]) !== postmaster) continue;
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The process ended meanwhile.
    }
  }
  return { foyer: (usage.user + usage.system) / 1e6, postgres: ticks / 100 };
}

interface DeskRun {
  result: LoadResult;
  sales: number;
  statements: { top: number; nested: number };
  cpu: { foyer: number; postgres: number };
}

/**
 * BENCH_ONLY=desk (PostgreSQL, durable): the desk's full sale (a cart, one arena seat, cash checkout) by 20
 * sellers at once, against the service directly (`/v1`, the API key) and through the gateway (`/api/v1`, 20
 * box-office people each signed in with a shift open: session, permission, shift, audit, mirror), in rounds
 * that alternate which goes first (A B, B A, …). Per run: sales/s, p50/p99, statements per sale (top level and
 * nested, pg_stat_statements) and CPU per sale of this process and of PostgreSQL.
 */
async function benchDesk(verdicts: string[]): Promise<void> {
  if (!findPostgresBinaries()) {
    verdicts.push('PostgreSQL: binaries not found, desk sale skipped');
    return;
  }
  const server = await startPostgresServer({ durable: true });
  try {
    const admin = new pg.Client({ connectionString: server.url });
    // The restart below ends its connection, which pg reports as an error after the end.
    admin.on('error', () => undefined);
    await admin.connect();
    await admin.query(`alter system set shared_preload_libraries = 'pg_stat_statements'`);
    await admin.end();
    await server.crash();
    await server.restart();
    const creator = new pg.Client({ connectionString: server.url });
    await creator.connect();
    await creator.query(`alter system set pg_stat_statements.track = 'all'`);
    await creator.query('select pg_reload_conf()');
    await creator.query('create database foyer_desk_bench');
    await creator.end();
    const url = new URL(server.url);
    url.pathname = '/foyer_desk_bench';
    process.env.SESSION_URL = url.toString();
    const runtime = await startServiceRuntime(
      { DATA_DIR: '', DATABASE_URL: url.toString(), SEED: 'demo', SEED_CUSTOMERS: 1000, CART_TIMEOUT_SECONDS: 900 },
      log,
    );
    await runtime.db.exec('create extension if not exists pg_stat_statements');
    const foyer = await startFoyer(runtime);
    try {
      const postmaster = Number(readFileSync(join(server.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      verdicts.push(await deskSales(runtime, foyer, postmaster));
    } catch (error) {
      console.error(error);
      throw error;
    } finally {
      await new Promise((resolve) => setTimeout(resolve, SALE_READ_DELAY_MS + 500));
      await foyer.close();
      await runtime.close();
    }
  } finally {
    await server.stop();
  }
}

/** BENCH_STATEMENTS=time (or calls): the statements that took the most time (or were made most often) in the run. */
async function printTopStatements(db: Database, side: string, sales: number): Promise<void> {
  const { rows } = await db.query<{ calls: string; total: number; mean: number; toplevel: boolean; query: string }>(
    `select calls, total_exec_time as total, mean_exec_time as mean, toplevel, query from pg_stat_statements
      order by ${process.env.BENCH_STATEMENTS === 'calls' ? 'calls' : 'total_exec_time'} desc limit ${process.env.BENCH_STATEMENTS === 'calls' ? 40 : 15}`,
  );
  console.log(`  ${side}: the statements that took the most time (per sale: calls, ms)`);
  for (const row of rows) {
    const text = row.query.replace(/\s+/g, ' ').slice(0, 110);
    console.log(
      `    ${(Number(row.calls) / sales).toFixed(2).padStart(6)} ${(row.total / sales).toFixed(2).padStart(7)} ms  mean ${row.mean.toFixed(2).padStart(6)}${row.toplevel ? ' ' : ' nested '}${text}`,
    );
  }
}

async function deskSales(runtime: ServiceRuntime, foyer: Started, postmaster: number): Promise<string> {
  const { organisationId } = foyer.principal;
  const db = runtime.db;
  // Twenty box-office people like the demo's, each signed in and with a shift open at a desk of their own.
  const { rows: people } = await db.query<{ id: string }>(
    `insert into gateway.accounts (organisation_id, email, display_name, role_id, password_hash)
     select a.organisation_id, 'seller' || n || '@demo.test', 'Seller ' || n, a.role_id, a.password_hash
       from gateway.accounts a, generate_series(1, $1) n where a.email = 'boxoffice@demo.test'
     returning id`,
    [DESK_SELLERS],
  );
  const sellerHeaders: string[] = [];
  for (const [n, person] of people.entries()) {
    const { rows: desks } = await db.query<{ id: string }>(
      `insert into gateway.desks (organisation_id, name) values ($1, $2) returning id`,
      [organisationId, `Desk ${n + 1}`],
    );
    await db.query(
      `insert into gateway.shifts (organisation_id, desk_id, account_id, time_zone, opening_float_cents)
       values ($1, $2, $3, 'Europe/Amsterdam', 0)`,
      [organisationId, desks[0]?.id, person.id],
    );
    const cookie = await foyer.deps.sessions.create({ accountId: Number(person.id), method: 'password' });
    sellerHeaders.push(`cookie: ${SESSION_COOKIE}=${cookie}\r\norigin: ${foyer.base}\r\n`);
  }
  const fx = await loadDemoFixtures(db);
  const plan = (await (
    await fetch(`${foyer.base}/v1/demo/partner/seating/${fx.arena.eventId}`, {
      headers: { authorization: 'demo-partner-key' },
    })
  ).json()) as {
    priceLevels: { priceId: string; rankId: number; amount: number }[];
    sections: { rows: { seats: { seatId: string; rankId: number; available: boolean }[] }[] }[];
  };
  const fullPrice = new Map<number, { priceId: string; amount: number }>();
  for (const level of plan.priceLevels) {
    const known = fullPrice.get(level.rankId);
    if (!known || level.amount > known.amount) fullPrice.set(level.rankId, level);
  }
  const seats = plan.sections.flatMap((section) =>
    section.rows.flatMap((row) =>
      row.seats.flatMap((seat) => {
        const price = fullPrice.get(seat.rankId);
        return seat.available && price ? [{ seatId: seat.seatId, rankId: seat.rankId, priceId: price.priceId }] : [];
      }),
    ),
  );
  const sale = {
    kind: 'sale' as const,
    base: foyer.base,
    apiKey: 'demo-partner-key',
    seatsPerSale: 1,
    eventId: fx.arena.eventId,
    customerId: fx.customers.withTags.customerId,
    paymentMethodId: fx.paymentMethods.cash,
    concurrency: DESK_SELLERS,
    warmupSeconds: 1,
    durationSeconds: SECONDS,
  };
  const sides = {
    service: { ...sale },
    gateway: { ...sale, clientPath: '/api/v1/demo', sellerHeaders },
  };
  const runs: Record<keyof typeof sides, DeskRun[]> = { service: [], gateway: [] };
  const run = async (side: keyof typeof sides): Promise<DeskRun> => {
    // Each run its own seats: the arena is large enough for every round of both sides.
    const taken = seats.splice(0, 250 * (SECONDS + 1));
    await db.query('select pg_stat_statements_reset()');
    const before = cpuSeconds(postmaster);
    const result = await runLoad({ ...sides[side], seats: taken });
    const after = cpuSeconds(postmaster);
    const { rows } = await db.query<{ top: string; nested: string }>(
      `select coalesce(sum(calls) filter (where toplevel), 0) as top,
              coalesce(sum(calls) filter (where not toplevel), 0) as nested from pg_stat_statements`,
    );
    const sales = Math.max(1, result.seatsUsed);
    if (process.env.BENCH_STATEMENTS) await printTopStatements(db, side, sales);
    const outcome: DeskRun = {
      result,
      sales,
      statements: { top: Number(rows[0]?.top) / sales, nested: Number(rows[0]?.nested) / sales },
      cpu: {
        foyer: ((after.foyer - before.foyer) * 1000) / sales,
        postgres: ((after.postgres - before.postgres) * 1000) / sales,
      },
    };
    const r = result;
    const failures = r.non2xx + r.errors > 0 ? `  (${r.non2xx} non-2xx, ${r.errors} errors: ${r.firstError})` : '';
    console.log(
      `  ${side.padEnd(8)} ${r.perSecond.toFixed(0).padStart(5)} sales/s  p50 ${ms(r.p50).padStart(9)}  p99 ${ms(r.p99).padStart(9)}` +
        `  statements/sale ${outcome.statements.top.toFixed(1)} (+${outcome.statements.nested.toFixed(1)} nested)` +
        `  CPU/sale Foyer ${ms(outcome.cpu.foyer)} PostgreSQL ${ms(outcome.cpu.postgres)}${failures}`,
    );
    runs[side].push(outcome);
    return outcome;
  };
  console.log(
    `\nPostgreSQL: the desk sale (cart, 1 seat, cash) by ${DESK_SELLERS} sellers, ${SECONDS} s a run, ${DESK_ROUNDS} rounds A B / B A (${load()})`,
  );
  await runLoad({ ...sides.gateway, seats: seats.splice(0, 300), durationSeconds: 1, warmupSeconds: 0 });
  await runLoad({ ...sides.service, seats: seats.splice(0, 300), durationSeconds: 1, warmupSeconds: 0 });
  for (let round = 0; round < DESK_ROUNDS; round++) {
    const order: (keyof typeof sides)[] = round % 2 === 0 ? ['service', 'gateway'] : ['gateway', 'service'];
    // BENCH_SIDE=gateway (or service): one side alone, for a CPU profile of it (node --cpu-prof).
    for (const side of order) if (!process.env.BENCH_SIDE || process.env.BENCH_SIDE === side) await run(side);
  }
  if (process.env.BENCH_SIDE) return `PostgreSQL desk sale: ${process.env.BENCH_SIDE} alone`;
  const rate = (side: keyof typeof sides) => median(runs[side].map((one) => one.result.perSecond));
  const p99 = (side: keyof typeof sides) => median(runs[side].map((one) => one.result.p99));
  const ratio = rate('gateway') / rate('service');
  return (
    `PostgreSQL desk sale, ${DESK_SELLERS} sellers: gateway ${rate('gateway').toFixed(0)}/s p99 ${ms(p99('gateway'))} vs ` +
    `service ${rate('service').toFixed(0)}/s p99 ${ms(p99('service'))} (medians of ${DESK_ROUNDS} runs) → ` +
    `${ratio.toFixed(2)}× ${ratio >= 0.8 ? 'PASS' : 'FAIL'} (≥ 0.8×); ${load()}`
  );
}
