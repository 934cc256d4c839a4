import type { PageProgress } from '../../lib/fetch-all-pages';
import { fetchAllPages } from '../../lib/fetch-all-pages';
import type { OrderExport, OrderPage } from '../../lib/schemas/order';

/** Thrown into the page load to stop it once the order is found; not a failure. */
const FOUND = Symbol('found');

/**
 * No partner call finds an order by its key. The listing is newest first, and the orders people ask
 * about by key are mostly recent ones, so the pages are read from the newest on, a few in parallel, and
 * the reading stops at the first match. Returns null when no page holds the key.
 */
export async function findOrderByKey(options: {
  orderKey: string;
  fetchPage: (page: number, signal: AbortSignal) => Promise<OrderPage>;
  signal: AbortSignal;
  onProgress?: (progress: PageProgress) => void;
  concurrency?: number;
}): Promise<OrderExport | null> {
  const controller = new AbortController();
  const stop = () => controller.abort(options.signal.reason);
  if (options.signal.aborted) throw options.signal.reason;
  options.signal.addEventListener('abort', stop, { once: true });
  let found: OrderExport | null = null;
  try {
    await fetchAllPages<OrderExport>({
      pageUrl: (page) => String(page),
      fetchPage: (url, signal) => options.fetchPage(Number(url), signal),
      concurrency: options.concurrency ?? 4,
      collect: false,
      signal: controller.signal,
      onProgress: options.onProgress,
      onPage: (_page, rows) => {
        const match = rows.find((row) => row.orderKey === options.orderKey);
        if (match && !found) {
          found = match;
          controller.abort(FOUND);
        }
      },
    });
    return found;
  } catch (error) {
    if (error === FOUND || found) return found;
    throw error;
  } finally {
    options.signal.removeEventListener('abort', stop);
  }
}
