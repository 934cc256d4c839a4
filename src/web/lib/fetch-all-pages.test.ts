import { describe, expect, it, vi } from 'vitest';
import type { Paginated } from '../../contract/pagination';
import { ApiError } from './api-error';
import { fetchAllPages, type PageProgress, withPage } from './fetch-all-pages';

const PER_PAGE = 3;

function envelope(page: number, total: number): Paginated<number> {
  const lastPage = Math.max(1, Math.ceil(total / PER_PAGE));
  const from = (page - 1) * PER_PAGE;
  const data = Array.from({ length: Math.max(0, Math.min(PER_PAGE, total - from)) }, (_, i) => from + i + 1);
  const url = (n: number) => `/api/v1/demo/partner/order?page=${n}`;
  return {
    data,
    current_page: page,
    last_page: lastPage,
    per_page: PER_PAGE,
    total,
    next_page_url: page < lastPage ? url(page + 1) : null,
    prev_page_url: page > 1 ? url(page - 1) : null,
    first_page_url: url(1),
    last_page_url: url(lastPage),
    from: data.length ? from + 1 : 0,
    to: data.length ? from + data.length : 0,
    path: '/api/v1/demo/partner/order',
  };
}

const pageOf = (url: string) => Number(new URL(url, 'http://x').searchParams.get('page') ?? '1');
const noWait = () => Promise.resolve();

describe('withPage', () => {
  it('sets page on relative and absolute URLs, keeping other parameters', () => {
    expect(withPage('/api/v1/demo/partner/order?changedSince=2026-01-01', 3)).toBe(
      '/api/v1/demo/partner/order?changedSince=2026-01-01&page=3',
    );
    expect(withPage('https://svc.example/v1/demo/partner/order?page=1', 2)).toBe(
      'https://svc.example/v1/demo/partner/order?page=2',
    );
  });
});

describe('fetchAllPages', () => {
  it('reads page 1, then the rest, and returns rows in page order with progress', async () => {
    const fetchPage = vi.fn(async (url: string) => {
      const page = pageOf(url);
      // Later pages answer first: the result must still be in page order.
      await new Promise((resolve) => setTimeout(resolve, (10 - page) * 2));
      return envelope(page, 10);
    });
    const progress: PageProgress[] = [];
    const result = await fetchAllPages({
      firstUrl: '/api/v1/demo/partner/order',
      fetchPage,
      concurrency: 2,
      onProgress: (p) => progress.push(p),
    });
    expect(result.rows).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(result.total).toBe(10);
    expect(result.pageCount).toBe(4);
    expect(fetchPage).toHaveBeenCalledTimes(4);
    expect(progress.at(-1)).toEqual({ pagesDone: 4, pageCount: 4, rowsDone: 10, total: 10 });
    expect(progress.map((p) => p.pagesDone)).toEqual([1, 2, 3, 4]);
  });

  it('never has more pages in flight than the concurrency limit', async () => {
    let inFlight = 0;
    let peak = 0;
    await fetchAllPages({
      pageUrl: (page) => `/x?page=${page}`,
      concurrency: 3,
      fetchPage: async (url) => {
        inFlight++;
        peak = Math.max(peak, inFlight);
        await new Promise((resolve) => setTimeout(resolve, 5));
        inFlight--;
        return envelope(pageOf(url), 40);
      },
    });
    expect(peak).toBe(3);
  });

  it('handles an empty listing with one request', async () => {
    const fetchPage = vi.fn(async () => envelope(1, 0));
    const result = await fetchAllPages({ firstUrl: '/x', fetchPage });
    expect(result).toEqual({ rows: [], total: 0, pageCount: 1 });
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('retries a transient failure, waiting as long as Retry-After says', async () => {
    const waits: number[] = [];
    let failures = 0;
    const result = await fetchAllPages({
      firstUrl: '/x',
      wait: async (ms) => {
        waits.push(ms);
      },
      fetchPage: async (url) => {
        const page = pageOf(url);
        if (page === 2 && failures === 0) {
          failures++;
          throw new ApiError({ kind: 'rateLimited', status: 429, message: 'slow down', retryAfterSeconds: 7 });
        }
        if (page === 3 && failures === 1) {
          failures++;
          throw new ApiError({ kind: 'server', status: 503, message: 'busy' });
        }
        return envelope(page, 9);
      },
    });
    expect(result.rows).toHaveLength(9);
    expect(waits[0]).toBe(7000);
    expect(waits).toHaveLength(2);
    expect(waits[1]).toBeGreaterThan(0);
  });

  it('gives up after maxAttempts and stops the other pages', async () => {
    const seen = new Set<number>();
    const load = fetchAllPages({
      firstUrl: '/x',
      concurrency: 1,
      maxAttempts: 2,
      wait: noWait,
      fetchPage: async (url) => {
        const page = pageOf(url);
        seen.add(page);
        if (page === 2) throw new ApiError({ kind: 'network', message: 'offline' });
        return envelope(page, 30);
      },
    });
    await expect(load).rejects.toMatchObject({ kind: 'network' });
    expect(seen.has(4)).toBe(false);
  });

  it('does not retry a permanent failure', async () => {
    const fetchPage = vi.fn(async () => {
      throw new ApiError({ kind: 'forbidden', status: 403, message: 'no' });
    });
    await expect(fetchAllPages({ firstUrl: '/x', fetchPage, wait: noWait })).rejects.toMatchObject({
      kind: 'forbidden',
    });
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });

  it('stops when the caller aborts, passing the signal on to every request', async () => {
    const controller = new AbortController();
    const signals: AbortSignal[] = [];
    const load = fetchAllPages({
      firstUrl: '/x',
      signal: controller.signal,
      fetchPage: (url, signal) => {
        signals.push(signal);
        if (pageOf(url) === 1) return Promise.resolve(envelope(1, 30));
        return new Promise<Paginated<number>>((_resolve, reject) => {
          signal.addEventListener('abort', () => reject(signal.reason));
        });
      },
    });
    await vi.waitFor(() => expect(signals.length).toBeGreaterThan(1));
    controller.abort(new DOMException('cancelled', 'AbortError'));
    await expect(load).rejects.toMatchObject({ name: 'AbortError' });
    expect(signals.every((signal) => signal.aborted)).toBe(true);
  });

  it('streams pages without collecting rows when asked', async () => {
    const streamed: number[] = [];
    const result = await fetchAllPages({
      firstUrl: '/x',
      collect: false,
      fetchPage: async (url) => envelope(pageOf(url), 7),
      onPage: (_page, rows) => {
        streamed.push(...rows);
      },
    });
    expect(result.rows).toEqual([]);
    expect(streamed.sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });
});
