import type { Paginated } from '../../contract/pagination';
import { READ_RETRIES, retryRead } from './retry-policy';

export interface PageProgress {
  pagesDone: number;
  /** Known after page 1. */
  pageCount: number;
  rowsDone: number;
  /** `total` of the envelope: what a complete load holds. */
  total: number;
}

export interface FetchAllPagesOptions<Row> {
  /** The URL of page 1; other pages get `page=N` set on it. Give this or `pageUrl`. */
  firstUrl?: string;
  /** Builds the URL of page N (1-based). */
  pageUrl?: (page: number) => string;
  fetchPage: (url: string, signal: AbortSignal) => Promise<Paginated<Row>>;
  /** Pages in flight at once after page 1 (default 4): enough to hide latency, polite to the service. */
  concurrency?: number;
  onProgress?: (progress: PageProgress) => void;
  /** Each page as it arrives (in completion order), for callers that stream rows instead of keeping them. */
  onPage?: (page: number, rows: Row[]) => void | Promise<void>;
  /** false: rows are not collected (the caller streams them with onPage), so memory stays flat. */
  collect?: boolean;
  signal?: AbortSignal;
  /** Attempts per page, under the app's retry policy (retry-policy.ts); default 1 + READ_RETRIES. */
  maxAttempts?: number;
  /** Test seam for the backoff waits. */
  wait?: (ms: number, signal: AbortSignal | undefined) => Promise<void>;
}

export interface AllPages<Row> {
  rows: Row[];
  total: number;
  pageCount: number;
}

/** The URL of page `page`, derived from the URL of page 1 (absolute or root-relative). */
export function withPage(url: string, page: number): string {
  const parsed = new URL(url, 'http://placeholder.invalid');
  parsed.searchParams.set('page', String(page));
  return url.startsWith('http') ? parsed.toString() : `${parsed.pathname}${parsed.search}`;
}

/**
 * Loads every page of a paginated listing (spec 2.14): page 1 first (it tells how many there are), then
 * pages 2..last in parallel with a concurrency limit. Each page is retried under the app's retry policy
 * (retry-policy.ts: transient failures, Retry-After honoured); a page that fails for good (401, 403, 422…)
 * fails the whole load at once. Aborting the signal stops all requests and rejects with the abort reason.
 */
export async function fetchAllPages<Row>(options: FetchAllPagesOptions<Row>): Promise<AllPages<Row>> {
  const { fetchPage, onProgress, onPage } = options;
  const collect = options.collect ?? true;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const attempts = Math.max(1, options.maxAttempts ?? 1 + READ_RETRIES);
  const pageUrl =
    options.pageUrl ??
    (options.firstUrl !== undefined ? (page: number) => withPage(options.firstUrl as string, page) : undefined);
  if (!pageUrl) throw new TypeError('fetchAllPages needs firstUrl or pageUrl');

  // One controller for the whole load: the caller's abort and our own failure both stop every request.
  const controller = new AbortController();
  const onOuterAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) throw options.signal.reason;
  options.signal?.addEventListener('abort', onOuterAbort, { once: true });
  const signal = controller.signal;

  const fetchWithRetry = async (page: number): Promise<Paginated<Row>> => {
    const url = page === 1 && options.firstUrl !== undefined ? options.firstUrl : pageUrl(page);
    return retryRead(() => fetchPage(url, signal), { signal, attempts, wait: options.wait });
  };

  try {
    const first = await fetchWithRetry(1);
    const pageCount = Math.max(1, first.last_page);
    const total = first.total;
    const pages: Row[][] = collect ? new Array(pageCount) : [];
    let pagesDone = 0;
    let rowsDone = 0;
    const arrived = async (page: number, rows: Row[]) => {
      if (collect) pages[page - 1] = rows;
      pagesDone += 1;
      rowsDone += rows.length;
      await onPage?.(page, rows);
      onProgress?.({ pagesDone, pageCount, rowsDone, total });
    };
    await arrived(1, first.data);

    let nextPage = 2;
    const worker = async () => {
      while (nextPage <= pageCount) {
        const page = nextPage++;
        const envelope = await fetchWithRetry(page);
        await arrived(page, envelope.data);
      }
    };
    const workers = Array.from({ length: Math.min(concurrency, pageCount - 1) }, worker);
    try {
      await Promise.all(workers);
    } catch (error) {
      // One page failed for good: stop the others rather than let them run on unobserved.
      controller.abort(error);
      throw error;
    }
    return { rows: collect ? pages.flat() : [], total, pageCount };
  } finally {
    options.signal?.removeEventListener('abort', onOuterAbort);
  }
}
