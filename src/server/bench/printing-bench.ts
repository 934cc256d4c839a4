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
import { startServiceRuntime } from '../runtime';
import { loadDemoFixtures } from '../testing/demo-fixtures';
import { startPrinterSimulator } from '../testing/printer-simulator';
import { fullPriceType } from '../testing/selling';
import { loadAverage } from './bench-run';
import { median, percentile } from './stats';

/**
 * `npm run bench:printing`: from a checkout's answer to the last byte of the sale's tickets at the printer
 * (issue 31). A seller at a sales point whose receipt printer is the printer simulator (TCP on 127.0.0.1)
 * sells two seats cash through the gateway over HTTP, BENCH_SALES times; right after each checkout answers,
 * the app's request to print follows (as the box office makes it), the gateway reads the print data, builds
 * the receipt and the tickets, queues them and sends them. Budget: p95 ≤ 300 ms.
 */

const SALES = Number(process.env.BENCH_SALES ?? 40);
const BUDGET_MS = 300;
const log = pino({ level: 'warn' });

async function main() {
  console.log(`Before: ${loadAverage()}`);
  const dataDir = await mkdtemp(join(tmpdir(), 'foyer-printing-bench-'));
  const printer = await startPrinterSimulator();
  try {
    const runtime = await startServiceRuntime(
      { DATA_DIR: dataDir, DATABASE_URL: undefined, SEED: 'demo', SEED_CUSTOMERS: 1000, CART_TIMEOUT_SECONDS: 900 },
      log,
    );
    const { deps } = await openGateway(
      { DATA_DIR: '', FOYER_MASTER_KEY: 'bench-master-key-of-at-least-32-characters' },
      { db: runtime.db, service: embeddedService(runtime.app), log, seedDemo: true },
    );
    const app = createRootApp({ runtime, log, staticRoot: null, gateway: deps });
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const signIn = async (email: string) => {
      const response = await fetch(`${base}/api/session`, {
        method: 'POST',
        headers: { origin: base, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: DEMO_PASSWORD }),
      });
      if (response.status !== 200) throw new Error(`sign-in of ${email}: ${response.status}`);
      return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    };
    const call = async (cookie: string, method: string, path: string, body?: unknown) => {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: { origin: base, cookie, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
      return JSON.parse(text) as Record<string, unknown>;
    };

    const fx = await loadDemoFixtures(runtime.db);
    const priceId = await fullPriceType(runtime.db, fx.reserved.eventId, fx.reserved.rankId);
    const admin = await signIn('admin@demo.test');
    const seller = await signIn('boxoffice@demo.test');
    const point = await call(admin, 'POST', '/api/sales-points', {
      name: 'Bench',
      receiptPrinter: { host: printer.host, port: printer.port, paperWidth: 80, language: 'esc-pos' },
      ticketPrinter: null,
      cashDrawer: true,
      paymentMethodIds: [fx.paymentMethods.cash],
      allowedRange: null,
    });
    await call(seller, 'POST', '/api/shifts', {
      salesPointId: point.id,
      desk: 'Bench',
      openingFloatCents: 0,
      timeZone: 'Europe/Amsterdam',
    });

    const latencies: number[] = [];
    const answers: number[] = [];
    for (let sale = 0; sale < SALES; sale++) {
      const cart = await call(seller, 'POST', '/api/v1/demo/cart/');
      await call(seller, 'POST', `/api/v1/demo/partner/cart/${cart.cart_id}`, [
        { priceId, rankId: fx.reserved.rankId, eventId: fx.reserved.eventId, numberOfTickets: 2 },
      ]);
      const checkout = await call(seller, 'POST', `/api/v1/demo/partner/cart/${cart.cart_id}/checkout`, {
        customerId: fx.customers.withTags.customerId,
        paymentMethodId: fx.paymentMethods.cash,
      });
      const answered = performance.now();
      const before = printer.jobs.length;
      await call(seller, 'POST', `/api/printing/orders/${checkout.orderId}`, { locale: 'nl' });
      answers.push(performance.now() - answered);
      const jobs = (await printer.waitForJobs(before + 2)).slice(before);
      if (jobs[1]?.qrCodes.length !== 2 || jobs[0]?.pulses !== 1) throw new Error('the printer got other jobs');
      latencies.push(Math.max(...jobs.map((job) => job.lastByteAt)) - answered);
    }
    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log(`\n${SALES} cash sales of two seats at a sales point (PGlite, embedded service, HTTP on 127.0.0.1):`);
    console.log(
      `  print request answered (202) after checkout: p50 ${ms(median(answers))}, p95 ${ms(percentile(answers, 95))}`,
    );
    console.log(
      `  checkout answered → last byte at the printer: p50 ${ms(median(latencies))}, p95 ${ms(percentile(latencies, 95))}, max ${ms(Math.max(...latencies))}`,
    );
    // The process's first print loads the encoder and warms its statements: shown apart, and inside the p95 (with
    // the default 40 sales one slow sale does not set it; with 10 it is the p95).
    console.log(`  the run's first sale (cold process): ${ms(latencies[0] ?? 0)}`);
    const p95 = percentile(latencies, 95);
    console.log(
      `  verdict: p95 ${ms(p95)} ${p95 <= BUDGET_MS ? '≤' : '>'} ${BUDGET_MS} ms budget — ${p95 <= BUDGET_MS ? 'met' : 'MISSED'}`,
    );
    console.log(`After: ${loadAverage()}`);
    // The last jobs are marked sent a moment after their last byte.
    await new Promise((resolve) => setTimeout(resolve, 500));
    server.close();
    await deps.mirror.stop?.();
    await runtime.close();
  } finally {
    await printer.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
process.exit(0);
