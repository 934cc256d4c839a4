import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../lib/api-client';
import { sleep } from '../../lib/sleep';
import { csvEncoder, jsonLinesEncoder } from './export-encoding';
import { exportDefinition } from './export-kinds';
import type { ExportRecord } from './export-page-schema';
import { ordersLayout } from './export-rows';
import type { ExportSink } from './export-sink';
import { runExport } from './run-export';

const PER_PAGE = 3;

interface FakeService {
  orders: ExportRecord[];
  requests: string[];
  /** Answers 429 to the first request of these pages. */
  rateLimitOnce: Set<number>;
  delayOf: (page: number) => number;
}

function fakeService(count: number): FakeService {
  return {
    orders: Array.from({ length: count }, (_, index) => ({
      orderId: index + 1,
      lastChanged: new Date(Date.UTC(2026, 10, 1, 10, 0, index)).toISOString(),
      orderStatus: 'ord',
    })),
    requests: [],
    rateLimitOnce: new Set(),
    delayOf: () => 0,
  };
}

/** The gateway as fetch: POST exports by page and changedSince, ascending by lastChanged (as the service). */
function fetchFrom(service: FakeService): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input), 'http://foyer.test');
    service.requests.push(`${url.pathname}${url.search}`);
    const page = Number(url.searchParams.get('page') ?? '1');
    if (service.rateLimitOnce.delete(page)) {
      return new Response(JSON.stringify({ message: 'slow down' }), { status: 429, headers: { 'retry-after': '2' } });
    }
    await sleep(service.delayOf(page), init?.signal ?? undefined);
    const since = url.searchParams.get('changedSince');
    const matching = since
      ? service.orders.filter((order) => Date.parse(String(order.lastChanged)) >= Date.parse(since))
      : service.orders;
    const data = matching.slice((page - 1) * PER_PAGE, page * PER_PAGE);
    const body = {
      data,
      current_page: page,
      last_page: Math.max(1, Math.ceil(matching.length / PER_PAGE)),
      per_page: PER_PAGE,
      total: matching.length,
      next_page_url: null,
      prev_page_url: null,
      first_page_url: '',
      last_page_url: '',
      from: 0,
      to: 0,
      path: '',
    };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
}

function memorySink(): ExportSink & { text: () => string; closed: boolean; aborted: boolean } {
  const chunks: string[] = [];
  const sink = {
    mode: 'download' as const,
    closed: false,
    aborted: false,
    write: async (text: string) => {
      chunks.push(text);
    },
    close: async () => {
      sink.closed = true;
    },
    abort: async () => {
      sink.aborted = true;
    },
    text: () => chunks.join(''),
  };
  return sink;
}

function apiFor(service: FakeService): ApiClient {
  const api = new ApiClient({ fetch: fetchFrom(service) });
  api.setClientName('demo');
  return api;
}

const orders = exportDefinition('orders', 'order');
const NOW = () => new Date('2026-11-23T10:00:00Z');

describe('runExport', () => {
  it('writes every record once, in page order, though later pages answer first; rows = total', async () => {
    const service = fakeService(20);
    // Page 2 is the slowest: pages 3 and 4 arrive before it.
    service.delayOf = (page) => (page === 2 ? 30 : 0);
    const sink = memorySink();
    const progress: number[] = [];
    const outcome = await runExport({
      api: apiFor(service),
      definition: orders,
      encoder: jsonLinesEncoder(ordersLayout),
      sink,
      since: null,
      signal: new AbortController().signal,
      onProgress: (p) => progress.push(p.pagesDone),
      now: NOW,
    });
    const ids = sink
      .text()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).orderId);
    expect(ids).toEqual(service.orders.map((order) => order.orderId));
    expect(outcome).toMatchObject({ total: 20, records: 20, rows: 20, pageCount: 7, complete: true, skipped: 0 });
    expect(outcome.nextWatermark?.at).toBe(service.orders[19]?.lastChanged);
    expect(progress.at(-1)).toBe(7);
    expect(sink.closed).toBe(true);
  });

  it('retries a rate-limited page after the Retry-After the service asked for', async () => {
    const service = fakeService(9);
    service.rateLimitOnce.add(2);
    const waits: number[] = [];
    const sink = memorySink();
    const outcome = await runExport({
      api: apiFor(service),
      definition: orders,
      encoder: csvEncoder(ordersLayout),
      sink,
      since: null,
      signal: new AbortController().signal,
      wait: async (ms) => {
        waits.push(ms);
      },
    });
    expect(waits).toEqual([2000]);
    expect(outcome.complete).toBe(true);
    // Header + 9 rows.
    expect(sink.text().trim().split('\r\n')).toHaveLength(10);
    expect(service.requests.filter((url) => url.includes('page=2'))).toHaveLength(2);
  });

  it('incremental: asks changedSince=<watermark> and writes only what changed since the last run', async () => {
    const service = fakeService(10);
    const first = await runExport({
      api: apiFor(service),
      definition: orders,
      encoder: jsonLinesEncoder(ordersLayout),
      sink: memorySink(),
      since: null,
      signal: new AbortController().signal,
      now: NOW,
    });
    // Two orders change after the full export; one sale is new.
    const changed = (record: ExportRecord | undefined, at: string) => Object.assign(record ?? {}, { lastChanged: at });
    changed(service.orders[2], '2026-11-02T08:00:00.000Z');
    changed(service.orders[5], '2026-11-02T08:00:01.000Z');
    service.orders.push({ orderId: 11, lastChanged: '2026-11-02T08:00:02.000Z', orderStatus: 'ord' });
    service.orders.sort((a, b) => Date.parse(String(a.lastChanged)) - Date.parse(String(b.lastChanged)));

    const sink = memorySink();
    const second = await runExport({
      api: apiFor(service),
      definition: orders,
      encoder: jsonLinesEncoder(ordersLayout),
      sink,
      since: first.nextWatermark,
      signal: new AbortController().signal,
      now: NOW,
    });
    const ids = sink
      .text()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).orderId);
    expect(ids).toEqual([3, 6, 11]);
    // The record at the old watermark came again (inclusive) and was skipped: counted, not written.
    expect(second).toMatchObject({ total: 4, records: 4, skipped: 1, rows: 3, complete: true });
    expect(service.requests.at(-1)).toContain(`changedSince=${encodeURIComponent(first.nextWatermark?.at ?? '')}`);
    expect(second.nextWatermark?.at).toBe('2026-11-02T08:00:02.000Z');
  });

  it('a record that came twice (data moved between pages) makes the export incomplete', async () => {
    const service = fakeService(6);
    service.orders[4] = { ...service.orders[1] };
    const outcome = await runExport({
      api: apiFor(service),
      definition: orders,
      encoder: jsonLinesEncoder(ordersLayout),
      sink: memorySink(),
      since: null,
      signal: new AbortController().signal,
    });
    expect(outcome).toMatchObject({ records: 6, total: 6, duplicates: 1, complete: false });
  });

  it('cancel stops the requests and aborts the sink, leaving no file', async () => {
    const service = fakeService(30);
    service.delayOf = (page) => (page > 1 ? 50 : 0);
    const controller = new AbortController();
    const sink = memorySink();
    const running = runExport({
      api: apiFor(service),
      definition: orders,
      encoder: jsonLinesEncoder(ordersLayout),
      sink,
      since: null,
      signal: controller.signal,
      onProgress: (p) => {
        if (p.pagesDone === 1) controller.abort(new DOMException('cancelled', 'AbortError'));
      },
    });
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
    expect(sink.aborted).toBe(true);
    expect(sink.closed).toBe(false);
  });

  it('client types: the whole list, one row each', async () => {
    const api = new ApiClient({
      fetch: async () => new Response(JSON.stringify(['VIP', 'Pers', 'Vriend']), { status: 200 }),
    });
    api.setClientName('demo');
    const sink = memorySink();
    const definition = exportDefinition('clienttypes', 'order');
    const outcome = await runExport({
      api,
      definition,
      encoder: csvEncoder(definition.layout),
      sink,
      since: null,
      signal: new AbortController().signal,
    });
    expect(outcome).toMatchObject({ total: 3, rows: 3, complete: true, nextWatermark: null });
    expect(sink.text()).toBe('\uFEFFclientType\r\nVIP\r\nPers\r\nVriend\r\n');
  });
});
