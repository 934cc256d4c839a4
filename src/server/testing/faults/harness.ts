import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inject } from 'vitest';
import { connectDatabase } from '../../db/connect';
import type { Queryable } from '../../db/database';
import { copyPgliteTemplate } from '../database-templates';
import { type DemoFixtures, loadDemoFixtures } from '../demo-fixtures';
import { DEMO } from '../test-service';

/**
 * The fault suite's tools: Foyer as `npm start` runs it, but as one Node process (`node --import tsx`, no tsx
 * wrapper), so that SIGKILL and SIGTERM reach the server itself; data from the global setup's template; and
 * bounded loads against 127.0.0.1 that stop by themselves.
 */

const ROOT = join(import.meta.dirname, '..', '..', '..', '..');
const MAIN = join(ROOT, 'src', 'server', 'main.ts');

export interface Foyer {
  child: ChildProcess;
  pid: number;
  base: string;
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const INHERITED_OUT = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'SEED',
  'SEED_CUSTOMERS',
  'SEED_ORDERS',
  'LOG_LEVEL',
  'NODE_OPTIONS',
  'FOYER_APP_DIR',
  'TRUST_PROXY',
  'PUBLIC_RATE_LIMIT',
  'PAYMENT_WINDOW_SECONDS',
];

/** Spawns main.ts; resolves once it prints its URL (or rejects with its output when it exits first). */
export function spawnFoyer(env: Record<string, string>): Foyer & { ready: Promise<void> } {
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !INHERITED_OUT.includes(name)));
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: { ...base, PORT: '0', HOST: '127.0.0.1', SEED: 'none', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString('utf8');
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const foyer: Foyer & { ready: Promise<void> } = {
    child,
    pid: child.pid ?? 0,
    base: '',
    output: () => output,
    exited,
    ready: Promise.resolve(),
  };
  foyer.ready = (async () => {
    const deadline = Date.now() + 90_000;
    for (;;) {
      const match = /Foyer is running at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        foyer.base = match[1];
        return;
      }
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`Foyer exited early:\n${output}`);
      if (Date.now() > deadline) throw new Error(`Foyer did not start in time:\n${output}`);
      await sleep(25);
    }
  })();
  // Callers that only wait for the exit (a refused start) never await it.
  foyer.ready.catch(() => undefined);
  return foyer;
}

/**
 * For a Foyer whose SIGTERM is not what its test is about (drain.test.ts is): the test's fetch keeps its
 * connections alive, and Foyer leaves an idle kept-alive connection open for its client until the shutdown
 * timeout (10 s by default) before it closes it and exits; with this, one second.
 */
export const QUICK_SHUTDOWN = { SHUTDOWN_TIMEOUT_SECONDS: '1' } as const;

/** Spawns main.ts and waits until it is ready to serve. */
export async function startFoyer(env: Record<string, string>): Promise<Foyer> {
  const foyer = spawnFoyer(env);
  try {
    await foyer.ready;
    await untilReady(foyer);
  } catch (error) {
    // The caller never gets hold of a process that did not start in time: ended here, or it would outlive
    // the run (one such process of drain.test.ts, on a loaded machine, kept running for half an hour).
    await killFoyer(foyer);
    throw error;
  }
  return foyer;
}

/**
 * Waits, as a load balancer would, until `/health/ready` says 200: Foyer prints its URL as soon as it listens,
 * and answers 503 ("Starting") while it warms the customer search and the reports' rollups. On a loaded CI
 * machine that warm-up outlasted the kill -9 test's first request after its restart (a 503, stop 49).
 */
async function untilReady(foyer: Foyer, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${foyer.base}/health/ready`).catch(() => null);
    await response?.arrayBuffer();
    if (response?.status === 200) return;
    if (foyer.child.exitCode !== null || foyer.child.signalCode !== null)
      throw new Error(`Foyer exited:\n${foyer.output()}`);
    if (Date.now() > deadline) throw new Error(`Foyer was not ready within ${timeoutMs} ms:\n${foyer.output()}`);
    await sleep(25);
  }
}

/** Ends a Foyer of a test whatever state it is in. */
export async function killFoyer(foyer: Foyer | undefined): Promise<void> {
  if (!foyer || foyer.child.exitCode !== null || foyer.child.signalCode !== null) return;
  foyer.child.kill('SIGKILL');
  await foyer.exited;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A stand-in for the built app, so that no build runs (the browser tests cover the real one). */
export async function fakeAppDir(dir: string): Promise<string> {
  const appDir = join(dir, 'web');
  await mkdir(appDir, { recursive: true });
  await writeFile(join(appDir, 'index.html'), '<!doctype html><title>fault test app</title>');
  return appDir;
}

/**
 * Fills `dataDir` with the global setup's migrated, seeded template (test scale): a second instead of a
 * seeding start. Without a template (outside vitest's global setup) the caller seeds with SEED=demo.
 */
export async function dataDirFromTemplate(dataDir: string): Promise<boolean> {
  let template = '';
  try {
    template = inject('testPgliteTemplate');
  } catch {
    return false;
  }
  if (!template) return false;
  await copyPgliteTemplate(template, dataDir);
  return true;
}

/** Opens the database of a stopped Foyer (PGlite DATA_DIR or PostgreSQL URL) for checks. */
export async function openDatabase(target: { dataDir?: string; databaseUrl?: string }) {
  return connectDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl, poolSize: 2 });
}

export async function fixturesOf(db: Queryable): Promise<DemoFixtures> {
  return loadDemoFixtures(db);
}

/** Resident memory of a process in bytes (Linux /proc). */
export function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0);
  return kb * 1024;
}

export interface Acknowledged {
  orders: { orderId: number; seatIds: number[] }[];
  customers: { customerId: number; email: string }[];
  statuses: Record<string, number>;
  /** Network failures by code (ECONNREFUSED, ECONNRESET, UND_ERR_SOCKET, …). */
  failures: Record<string, number>;
}

export function emptyAcknowledged(): Acknowledged {
  return { orders: [], customers: [], statuses: {}, failures: {} };
}

function failureCode(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/**
 * Partner sales (a cart of one best-available seat, checked out with cash) and customer creates from
 * `workers` loops until `until()` says stop. Records what the service acknowledged (2xx), every status,
 * and every network failure.
 */
export async function sellAndRegister(options: LoadOptions): Promise<void> {
  const call = countingCaller(options.base, options.acknowledged);
  let serial = 0;
  const worker = async (index: number) => {
    while (!options.until()) {
      serial += 1;
      if (serial % 2 === 0) await createCustomer(call, options, `${index}-${serial}`);
      else await sell(call, options);
    }
  };
  await Promise.all(Array.from({ length: options.workers }, (_, index) => worker(index)));
}

/**
 * What a back office and its integrations do at once (issue 29, item 6): export pages, event reads, customer
 * edits and creates, and sales (cart → add → checkout), in turn on each of `workers` loops.
 */
export async function backOfficeLoad(options: LoadOptions): Promise<void> {
  const { fx, acknowledged } = options;
  const call = countingCaller(options.base, acknowledged);
  const exports = ['customers', 'orders', 'waitinglist'];
  let serial = 0;
  const worker = async (index: number) => {
    while (!options.until()) {
      serial += 1;
      const step = serial % 5;
      if (step === 0) {
        const page = await call(`/v1/demo/partner/export/${exports[serial % 3]}?page=${1 + (serial % 20)}`, {
          method: 'POST',
        });
        await page?.arrayBuffer();
      } else if (step === 1) {
        const event = await call(`/v1/demo/partner/event/${fx.arena.eventId}`, { method: 'GET' });
        await event?.arrayBuffer();
      } else if (step === 2) {
        const customer = acknowledged.customers.at(-1)?.customerId ?? fx.customers.withTags.customerId;
        const edited = await call(`/v1/demo/partner/customer/${customer}`, {
          method: 'PUT',
          body: { customerCity: `Fault ${serial}` },
        });
        await edited?.arrayBuffer();
      } else if (step === 3) await createCustomer(call, options, `${index}-${serial}`);
      else await sell(call, options);
    }
  };
  await Promise.all(Array.from({ length: options.workers }, (_, index) => worker(index)));
}

interface LoadOptions {
  base: () => string;
  fx: DemoFixtures;
  priceId: string;
  workers: number;
  until: () => boolean;
  acknowledged: Acknowledged;
  tag: string;
}

type Caller = (path: string, init?: { method?: 'GET' | 'POST' | 'PUT'; body?: unknown }) => Promise<Response | null>;

/**
 * Calls the service with the demo key and counts the outcome in `acknowledged`: the status (a 503 without
 * `Retry-After` apart), or the network failure. After a 503 it pauses a moment, as a client would (shorter
 * than Retry-After asks: the load is meant to press).
 */
function countingCaller(base: () => string, acknowledged: Acknowledged): Caller {
  const headers = { authorization: DEMO.apiKey, 'content-type': 'application/json' };
  const count = (outcome: string, into: Record<string, number>) => {
    into[outcome] = (into[outcome] ?? 0) + 1;
  };
  return async (path, init = {}) => {
    try {
      const response = await fetch(`${base()}${path}`, {
        method: init.method ?? 'POST',
        headers,
        ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
        signal: AbortSignal.timeout(10_000),
      });
      const clean = response.status !== 503 || Number(response.headers.get('retry-after')) > 0;
      count(clean ? String(response.status) : '503 without Retry-After', acknowledged.statuses);
      if (response.status === 503) await sleep(20);
      return response;
    } catch (error) {
      count(failureCode(error), acknowledged.failures);
      return null;
    }
  };
}

async function createCustomer(call: Caller, options: LoadOptions, serial: string): Promise<void> {
  const email = `fault-${options.tag}-${serial}@example.test`;
  const created = await call('/v1/demo/partner/customer', {
    body: { email, customerFirstName: 'Fault', customerLastName: `Test ${serial}` },
  });
  if (created?.status === 201) {
    const { customerId } = (await created.json()) as { customerId: number };
    options.acknowledged.customers.push({ customerId, email });
  } else await created?.arrayBuffer();
}

/** One sale: a cart of one best-available seat of the arena, checked out with cash. */
async function sell(call: Caller, options: LoadOptions): Promise<void> {
  const { fx } = options;
  const cart = await call('/v1/demo/cart/');
  if (cart?.status !== 201) {
    await cart?.arrayBuffer();
    await sleep(20);
    return;
  }
  const { cart_id: cartId } = (await cart.json()) as { cart_id: string };
  const added = await call(`/v1/demo/partner/cart/${cartId}`, {
    body: [{ priceId: options.priceId, rankId: fx.arena.rankId, eventId: fx.arena.eventId, numberOfTickets: 1 }],
  });
  if (added?.status !== 200) {
    await added?.arrayBuffer();
    return;
  }
  const { cartItems } = (await added.json()) as { cartItems: { seatId: string | null }[] };
  const checkout = await call(`/v1/demo/partner/cart/${cartId}/checkout`, {
    body: { customerId: fx.customers.withTags.customerId, paymentMethodId: fx.paymentMethods.cash },
  });
  if (checkout?.status === 200) {
    const { orderId } = (await checkout.json()) as { orderId: number };
    options.acknowledged.orders.push({
      orderId,
      seatIds: cartItems.flatMap((item) => (item.seatId ? [Number(item.seatId)] : [])),
    });
  } else await checkout?.arrayBuffer();
}

/** Everything acknowledged is in the database: orders final with their seats sold to them, customers there. */
export async function missingAcknowledged(
  db: Queryable,
  acknowledged: Acknowledged,
  eventId: number,
): Promise<string[]> {
  const missing: string[] = [];
  const orderIds = acknowledged.orders.map((order) => order.orderId);
  const { rows: orders } = await db.query<{ id: number; status: string; seats: number[] }>(
    `select o.id, o.status,
            coalesce(array_agg(c.seat_id order by c.seat_id) filter (where c.seat_id is not null), '{}') as seats
       from orders o left join seat_claims c on c.order_id = o.id and c.state = 'sold' and c.event_id = $2
      where o.id = any($1::int[]) group by o.id, o.status`,
    [orderIds, eventId],
  );
  const found = new Map(orders.map((row) => [row.id, row]));
  for (const order of acknowledged.orders) {
    const row = found.get(order.orderId);
    if (!row) missing.push(`order ${order.orderId} is gone`);
    else if (row.status !== 'ord') missing.push(`order ${order.orderId} is ${row.status}`);
    else if (JSON.stringify(row.seats.map(Number)) !== JSON.stringify([...order.seatIds].sort((a, b) => a - b))) {
      missing.push(`order ${order.orderId} holds seats ${row.seats} instead of ${order.seatIds}`);
    }
  }
  const { rows: customers } = await db.query<{ id: number; email: string }>(
    'select id, email from customers where id = any($1::int[])',
    [acknowledged.customers.map((customer) => customer.customerId)],
  );
  const byId = new Map(customers.map((row) => [row.id, row.email]));
  for (const customer of acknowledged.customers) {
    if (byId.get(customer.customerId)?.toLowerCase() !== customer.email.toLowerCase()) {
      missing.push(`customer ${customer.customerId} (${customer.email}) is gone or changed`);
    }
  }
  return missing;
}
