import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DemoFixtures } from '../demo-fixtures';
import { fullPriceType } from '../selling';
import { DEMO } from '../test-service';
import {
  dataDirFromTemplate,
  type Foyer,
  fakeAppDir,
  fixturesOf,
  killFoyer,
  openDatabase,
  rssOf,
  sleep,
  startFoyer,
} from './harness';

// Real processes on a shared CI machine: more room than the unit tests' minute.
vi.setConfig({ testTimeout: 150_000, hookTimeout: 150_000 });

/**
 * Issue 19 over real sockets, one process: 100 MB bodies (413 fast, memory flat), slowloris (probes keep
 * answering, slow connections are closed, one address cannot take every connection), the public hoarder
 * (429) and the payment window (lapse in a real process, PAYMENT_WINDOW_SECONDS=2). Loopback only;
 * every loop is bounded.
 */
describe('hostile clients against one process', () => {
  let foyer: Foyer;
  let dir: string;
  let fx: DemoFixtures;
  let priceId: string;
  let port: number;
  const HEADERS_TIMEOUT_MS = 2_000;
  const REQUEST_TIMEOUT_MS = 3_000;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'foyer-hostile-'));
    const dataDir = join(dir, 'data');
    const fromTemplate = await dataDirFromTemplate(dataDir);
    if (fromTemplate) {
      // Read before the process starts: it then holds the data directory.
      const db = await openDatabase({ dataDir });
      fx = await fixturesOf(db);
      priceId = await fullPriceType(db, fx.arena.eventId, fx.arena.rankId);
      await db.close();
    }
    const env = {
      DATA_DIR: dataDir,
      FOYER_APP_DIR: await fakeAppDir(dir),
      PAYMENT_WINDOW_SECONDS: '2',
      FOYER_HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
      FOYER_REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
    };
    if (!fromTemplate) {
      // No template (outside the global setup): seed once, read the fixtures, then start for the tests.
      const seeding = await startFoyer({ ...env, SEED: 'demo', SEED_CUSTOMERS: '100' });
      seeding.child.kill('SIGTERM');
      await seeding.exited;
      const db = await openDatabase({ dataDir });
      fx = await fixturesOf(db);
      priceId = await fullPriceType(db, fx.arena.eventId, fx.arena.rankId);
      await db.close();
    }
    foyer = await startFoyer(env);
    port = Number(new URL(foyer.base).port);
  });
  afterAll(async () => {
    await killFoyer(foyer);
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** Uploads up to 100 MB as fast as the server takes it; resolves at the first answer (or failure). */
  function upload(path: string, options: { key?: boolean; chunked?: boolean }) {
    const total = 100 * 1024 * 1024;
    const chunk = Buffer.alloc(1024 * 1024, 0x20);
    return new Promise<{ status?: number; error?: string; ms: number; sentMB: number }>((resolve) => {
      const started = Date.now();
      const headers: Record<string, string | number> = {
        'content-type': 'application/json',
        ...(options.key ? { authorization: DEMO.apiKey } : {}),
        ...(options.chunked ? {} : { 'content-length': total }),
      };
      const req = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers });
      let sent = 0;
      let done = false;
      const finish = (result: { status?: number; error?: string }) => {
        if (done) return;
        done = true;
        req.destroy();
        resolve({ ...result, ms: Date.now() - started, sentMB: Math.round(sent / 1024 / 1024) });
      };
      req.on('response', (response) => {
        response.resume();
        finish({ status: response.statusCode ?? 0 });
      });
      req.on('error', (error: NodeJS.ErrnoException) => finish({ error: error.code ?? error.message }));
      const pump = () => {
        while (!done && sent < total) {
          sent += chunk.length;
          if (!req.write(chunk)) {
            req.once('drain', pump);
            return;
          }
        }
        if (!done) req.end();
      };
      pump();
    });
  }

  it('answers 100 MB bodies with 413 (or 401 without a key) at once, memory within +50 MB', async () => {
    const baseline = rssOf(foyer.pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssOf(foyer.pid));
    }, 20);
    const results = await Promise.all([
      upload('/v1/demo/partner/customer', { key: true }),
      upload('/v1/demo/partner/customer', { key: true }),
      upload('/v1/demo/partner/customer', { key: true, chunked: true }),
      upload('/v1/demo/order/create', { chunked: true }),
      upload('/v1/demo/partner/customer', {}),
      upload('/v1/demo/partner/customer', { chunked: true }),
    ]);
    clearInterval(sampler);
    peak = Math.max(peak, rssOf(foyer.pid));
    const growthMB = (peak - baseline) / 1024 / 1024;
    console.log(
      `[faults bodies] six 100 MB uploads at once: ${JSON.stringify(results)}; RSS ${Math.round(baseline / 1048576)} MB → peak ${Math.round(peak / 1048576)} MB (+${growthMB.toFixed(1)} MB)`,
    );
    expect(results.map((result) => result.status)).toEqual([413, 413, 413, 413, 401, 401]);
    for (const result of results) {
      // At once on a quiet machine (~60 ms); a busy shared one is given room, the bytes sent are the point.
      expect(result.ms).toBeLessThan(10_000);
      expect(result.sentMB).toBeLessThan(50);
    }
    expect(growthMB).toBeLessThan(50);
    // And the process serves as before.
    expect((await fetch(`${foyer.base}/health/ready`)).status).toBe(200);
  });

  it('keeps answering probes within 200 ms under slowloris, closes the slow connections, caps one address', async () => {
    // Warm: the first event list is built from the database; that is not what is measured here.
    for (const path of ['/health/live', '/health/ready', '/v1/demo/events'])
      await (await fetch(foyer.base + path)).text();
    const sockets: Socket[] = [];
    let closedByServer = 0;
    const body = JSON.stringify({ email: 'slow@example.test', customerFirstName: 'S', customerLastName: 'L' });
    for (let index = 0; index < 400; index += 1) {
      const socket = connect({ host: '127.0.0.1', port });
      sockets.push(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        closedByServer += 1;
      });
      socket.on('connect', () => {
        // Half send a head that never ends, half a complete head and a body that never ends.
        socket.write(
          index % 2 === 0
            ? 'GET /openapi.json HTTP/1.1\r\nHost: 127.0.0.1\r\n'
            : `POST /v1/demo/partner/customer HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: ${DEMO.apiKey}\r\n` +
                `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
        );
      });
    }
    // Every connection accepted (or refused by the cap) before the measuring starts.
    await sleep(1_000);
    const cappedAtOnce = closedByServer;
    const drip = setInterval(() => {
      for (const socket of sockets) if (!socket.destroyed) socket.write(' ');
    }, 400);
    // Probes from another loopback address (the per-address cap counts 127.0.0.1's connections).
    const latencies: number[] = [];
    const probe = (path: string) =>
      new Promise<void>((resolve, reject) => {
        const started = performance.now();
        const req = httpRequest(
          { host: '127.0.0.1', port, path, localAddress: '127.0.0.2', agent: false, timeout: 5_000 },
          (response) => {
            response.resume();
            response.on('end', () => {
              latencies.push(performance.now() - started);
              if (response.statusCode !== 200) reject(new Error(`${path}: ${response.statusCode}`));
              else resolve();
            });
          },
        );
        req.on('error', reject);
        req.end();
      });
    const until = Date.now() + REQUEST_TIMEOUT_MS;
    for (let round = 0; Date.now() < until || round < 5; round += 1) {
      await probe('/health/live');
      await probe('/health/ready');
      await probe('/v1/demo/events');
      await sleep(80);
    }
    clearInterval(drip);
    // Slow heads go after HEADERS_TIMEOUT_MS, slow bodies after REQUEST_TIMEOUT_MS (checked every second).
    // Generous: on an oversubscribed machine the checks that close them run late (seen: 2 of 400 after 20 s).
    const closeDeadline = Date.now() + 45_000;
    while (sockets.some((socket) => !socket.destroyed) && Date.now() < closeDeadline) await sleep(100);
    const stillOpen = sockets.filter((socket) => !socket.destroyed).length;
    for (const socket of sockets) socket.destroy();
    latencies.sort((a, b) => a - b);
    const at = (fraction: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * fraction))] ?? 0;
    console.log(
      `[faults slowloris] 400 slow connections from 127.0.0.1 (half slow heads, half slow bodies): ${cappedAtOnce} closed by the per-address cap (256) in the first second, ${stillOpen} left open by the timeouts; ${latencies.length} probes from 127.0.0.2, p50 ${at(0.5).toFixed(1)} ms, p90 ${at(0.9).toFixed(1)} ms, max ${at(1).toFixed(1)} ms`,
    );
    expect(stillOpen).toBe(0);
    // Every probe answered (probe() rejects otherwise). On a quiet machine every one within 200 ms; a shared,
    // oversubscribed one can stall any process for a moment, so the test holds the median to it and prints
    // the rest.
    expect(at(0.5)).toBeLessThan(200);
  });

  it('throttles 300 anonymous cart creations from one address (429 + Retry-After)', async () => {
    const statuses: Record<number, number> = {};
    let retryAfter = '';
    for (let attempt = 0; attempt < 300; attempt += 1) {
      const response = await fetch(`${foyer.base}/v1/demo/cart/`, { method: 'POST' });
      statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      if (response.status === 429) retryAfter = response.headers.get('retry-after') ?? '';
      await response.arrayBuffer();
    }
    console.log(`[faults hoarding] 300 anonymous cart creations from 127.0.0.1: ${JSON.stringify(statuses)}`);
    // 60 a minute (one was spent by the 100 MB order create above); a minute boundary may fall inside the
    // loop, so at most two windows' worth get through.
    expect(statuses[201]).toBeGreaterThanOrEqual(59);
    expect(statuses[201]).toBeLessThanOrEqual(120);
    expect(statuses[429]).toBe(300 - (statuses[201] ?? 0));
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });

  it('lapses an unpaid online order after PAYMENT_WINDOW_SECONDS; a paid one keeps its seats', async () => {
    // Through the partner key (the organisation's traffic is not throttled, the public limit is spent above).
    const partnerOrder = async (online: boolean) => {
      const headers = { authorization: DEMO.apiKey, 'content-type': 'application/json' };
      const cart = (await (await fetch(`${foyer.base}/v1/demo/cart/`, { method: 'POST', headers })).json()) as {
        cart_id: string;
      };
      const added = await fetch(`${foyer.base}/v1/demo/partner/cart/${cart.cart_id}`, {
        method: 'POST',
        headers,
        body: JSON.stringify([{ priceId, rankId: fx.arena.rankId, eventId: fx.arena.eventId, numberOfTickets: 2 }]),
      });
      expect(added.status).toBe(200);
      const checkout = await fetch(`${foyer.base}/v1/demo/partner/cart/${cart.cart_id}/checkout`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          customerId: fx.customers.withTags.customerId,
          paymentMethodId: online ? fx.paymentMethods.online[0] : fx.paymentMethods.cash,
          redirectURL: 'https://shop.example/done',
        }),
      });
      expect(checkout.status).toBe(200);
      return (await checkout.json()) as { orderId: number; orderKey: string };
    };
    const unpaid = await partnerOrder(true);
    const paid = await partnerOrder(true);
    const pay = await fetch(`${foyer.base}/v1/demo/pay/${paid.orderKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
      redirect: 'manual',
    });
    expect(pay.status).toBe(303);
    const orderOf = async (orderId: number) =>
      (await (
        await fetch(`${foyer.base}/v1/demo/partner/order/${orderId}`, { headers: { authorization: DEMO.apiKey } })
      ).json()) as { orderStatus: string; orderPaymentStatus: string };
    expect(await orderOf(unpaid.orderId)).toMatchObject({ orderStatus: 'res', orderPaymentStatus: 'none' });
    // Window 2 s, sweep every second.
    const deadline = Date.now() + 6_000;
    while ((await orderOf(unpaid.orderId)).orderStatus === 'res' && Date.now() < deadline) await sleep(200);
    expect(await orderOf(unpaid.orderId)).toMatchObject({ orderStatus: 'cancel', orderPaymentStatus: 'cancelled' });
    expect(await orderOf(paid.orderId)).toMatchObject({ orderStatus: 'ord', orderPaymentStatus: 'paid' });
  });
});
