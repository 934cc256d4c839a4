import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import pino from 'pino';
import type { ScreenBody } from '@/contract/display';
import { createRootApp } from '../app';
import { embeddedService } from '../gateway/service-connection';
import { openGateway } from '../gateway/start-gateway';
import { DEMO_PASSWORD } from '../gateway/store';
import { startServiceRuntime } from '../runtime';
import { loadAverages, onOwnPostgres, printVerdicts, verdict } from './bench-run';
import { median, percentile } from './stats';

/**
 * `npm run bench:display`: from the seller's change to the buyer's screen (issue 31 item 5; budget p95 ≤ 250 ms).
 * A seller at a sales point publishes their cart (`PUT /api/display/screen`, as the box office does after each
 * change) BENCH_CHANGES times, a little apart; a paired screen holds the Server-Sent Events stream
 * (`GET /api/display/:id/events`) over real HTTP. Measured: from sending the change to the screen's event of
 * that version arriving. On PGlite one instance serves both (the change's own wake-up); on PostgreSQL the screen
 * is served by a second gateway instance, woken only by LISTEN/NOTIFY.
 */

const CHANGES = Number(process.env.BENCH_CHANGES ?? 60);
const BUDGET_MS = 250;
const log = pino({ level: 'warn' });
const MASTER_KEY = 'bench-master-key-of-at-least-32-characters';

type Runtime = Awaited<ReturnType<typeof startServiceRuntime>>;

/** A gateway instance on an HTTP port of its own, over the runtime's database. */
async function startInstance(runtime: Runtime) {
  const { deps } = await openGateway(
    { DATA_DIR: '', FOYER_MASTER_KEY: MASTER_KEY },
    { db: runtime.db, service: embeddedService(runtime.app), log, seedDemo: true },
  );
  const app = createRootApp({ runtime, log, staticRoot: null, gateway: deps });
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return { base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

async function call(base: string, cookie: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { origin: base, cookie, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return { json: JSON.parse(text) as Record<string, unknown>, response };
}

async function signIn(base: string, email: string): Promise<string> {
  const { response } = await call(base, '', 'POST', '/api/session', { email, password: DEMO_PASSWORD });
  return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** The versions of the screen events a stream brings, with the moment each arrived. */
async function openScreen(base: string, cookie: string, salesPointId: number) {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/display/${salesPointId}/events`, {
    headers: { cookie },
    signal: controller.signal,
  });
  if (response.status !== 200 || !response.body) throw new Error(`events: ${response.status}`);
  const arrived = new Map<number, number>();
  const waiters = new Map<number, () => void>();
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (!block.includes('event: screen') || !data) continue;
          const version = (JSON.parse(data.slice(6)) as { version: number }).version;
          arrived.set(version, performance.now());
          waiters.get(version)?.();
        }
      }
    } catch {
      // aborted at the end
    }
  })();
  return {
    /** When the event of `version` arrived (waits for it, up to 10 s). */
    async arrivalOf(version: number): Promise<number> {
      const known = arrived.get(version);
      if (known !== undefined) return known;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`version ${version} never arrived`)), 10_000);
        waiters.set(version, () => {
          clearTimeout(timer);
          resolve();
        });
      });
      return arrived.get(version) as number;
    },
    close: () => controller.abort(),
  };
}

/** A cart of `seats` seats, as the box office publishes it. */
const cartOf = (seats: number): ScreenBody => ({
  phase: 'cart',
  buyerName: null,
  plans: [
    {
      event: 'Bench',
      sections: [
        {
          name: 'Zaal',
          rows: Array.from({ length: 20 }, (_, row) => ({ row: row + 1, seats: [...Array(30).keys()] })),
        },
      ],
    },
  ],
  lines: Array.from({ length: seats }, (_, seat) => ({
    event: 'Bench',
    date: '2026-12-04T20:15:00+01:00',
    section: 'Zaal',
    row: 5,
    seat: seat + 1,
    priceType: 'Normaal',
    tickets: 1,
    amountCents: 3250,
  })),
});

async function measure(label: string, runtime: Runtime, twoInstances: boolean, name: string): Promise<string> {
  const seller = await startInstance(runtime);
  const screen = twoInstances ? await startInstance(runtime) : seller;
  try {
    const admin = await signIn(seller.base, 'admin@demo.test');
    const sellerCookie = await signIn(seller.base, 'boxoffice@demo.test');
    const point = (
      await call(seller.base, admin, 'POST', '/api/sales-points', {
        name,
        receiptPrinter: null,
        ticketPrinter: null,
        cashDrawer: false,
        paymentMethodIds: [],
        allowedRange: null,
      })
    ).json as { id: number };
    await call(seller.base, sellerCookie, 'POST', '/api/shifts', {
      salesPointId: point.id,
      desk: 'Bench',
      openingFloatCents: 0,
      timeZone: 'Europe/Amsterdam',
    });
    const { code } = (await call(seller.base, admin, 'POST', '/api/display/pairing-codes', { salesPointId: point.id }))
      .json as { code: string };
    const paired = await call(screen.base, '', 'POST', '/api/display/pair', { code });
    const displayCookie = (paired.response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const events = await openScreen(screen.base, displayCookie, point.id);

    const latencies: number[] = [];
    const answers: number[] = [];
    const deliveries: number[] = [];
    // CPU time of this process (seller, gateway instances, database on PGlite, screen) per change: unlike the
    // wall-clock figures, hardly moved by the load of a shared machine.
    const cpuBefore = process.cpuUsage();
    for (let change = 0; change < CHANGES; change++) {
      const sent = performance.now();
      const { json } = await call(seller.base, sellerCookie, 'PUT', '/api/display/screen', cartOf(1 + (change % 8)));
      const answered = performance.now();
      answers.push(answered - sent);
      const arrived = await events.arrivalOf(json.version as number);
      latencies.push(arrived - sent);
      deliveries.push(arrived - answered);
      // A seller's changes come a little apart.
      await new Promise((resolve) => setTimeout(resolve, 20 + Math.random() * 60));
    }
    const cpu = process.cpuUsage(cpuBefore);
    events.close();
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    const p95 = percentile(latencies, 95);
    console.log(`\n${label}: ${CHANGES} changes of a seller's cart to a paired screen over SSE (HTTP on 127.0.0.1)`);
    console.log(`  change answered:            p50 ${ms(median(answers))}, p95 ${ms(percentile(answers, 95))}`);
    console.log(
      `  change sent → screen event: p50 ${ms(median(latencies))}, p95 ${ms(p95)}, max ${ms(Math.max(...latencies))}`,
    );
    console.log(
      `  change answered → screen event: p50 ${ms(median(deliveries))}, p95 ${ms(percentile(deliveries, 95))}`,
    );
    console.log(`  CPU time per change (whole process): ${ms((cpu.user + cpu.system) / 1000 / CHANGES)}`);
    console.log(`  ${loadAverages()}`);
    return `${label}: change → screen p95 ${ms(p95)} ≤ ${BUDGET_MS} ms: ${verdict(p95 <= BUDGET_MS)}`;
  } finally {
    seller.close();
    if (screen !== seller) screen.close();
  }
}

async function main() {
  const before = loadAverages();
  console.log(`Before: ${before}`);
  const verdicts: string[] = [];
  const dataDir = await mkdtemp(join(tmpdir(), 'foyer-display-bench-'));
  try {
    const runtime = await startServiceRuntime(
      { DATA_DIR: dataDir, DATABASE_URL: undefined, SEED: 'demo', SEED_CUSTOMERS: 100, CART_TIMEOUT_SECONDS: 900 },
      log,
    );
    verdicts.push(await measure('PGlite, one instance', runtime, false, 'Bench PGlite'));
    await runtime.close();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  if (process.env.BENCH_POSTGRES !== '0') {
    verdicts.push(
      ...(await onOwnPostgres('foyer_display_bench', { durable: false }, async (url) => {
        const runtime = await startServiceRuntime(
          { DATA_DIR: '', DATABASE_URL: url, SEED: 'demo', SEED_CUSTOMERS: 100, CART_TIMEOUT_SECONDS: 900 },
          log,
        );
        try {
          return [
            await measure('PostgreSQL, screen on a second instance (LISTEN/NOTIFY)', runtime, true, 'Bench PostgreSQL'),
          ];
        } finally {
          await runtime.close();
        }
      })),
    );
  }
  printVerdicts(verdicts, loadAverages());
}

await main();
process.exit(0);
