import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { fetchAllPages, type PageProgress } from '../../lib/fetch-all-pages';
import { orderKeys } from '../../lib/queries/order-queries';
import { type OrderExport, orderPageSchema } from '../../lib/schemas/order';
import { isOpenOrder } from './reservations-model';

/** Under the orders' keys, so whatever invalidates orders refreshes the queue too. */
export const reservationKeys = {
  all: () => [...orderKeys.all, 'open'] as const,
  queue: (changedSince: string) => [...reservationKeys.all(), { changedSince }] as const,
};

export const reservationQueries = {
  /**
   * Every page of `GET /partner/order?changedSince=` (page 1 tells how many; then four at a time, retried
   * with backoff by fetchAllPages), keeping only the open orders: reservations and webshop orders awaiting
   * payment. `onProgress` reports the pages read, for the page's progress bar.
   */
  queue: (changedSince: string, onProgress?: (progress: PageProgress) => void) =>
    queryOptions({
      queryKey: reservationKeys.queue(changedSince),
      queryFn: async ({ signal }) => {
        const open: OrderExport[] = [];
        await fetchAllPages<OrderExport>({
          pageUrl: (page) => apiClient.url('/partner/order', { page: page > 1 ? page : undefined, changedSince }),
          fetchPage: (url, pageSignal) => apiClient.get(url, { schema: orderPageSchema, signal: pageSignal }),
          collect: false,
          onPage: (_page, rows) => {
            for (const row of rows) if (isOpenOrder(row)) open.push(row);
          },
          onProgress,
          signal,
        });
        return open;
      },
      // fetchAllPages retries each page's transient failures already.
      retry: false,
      // Reading every page again costs seconds: not on each return to the window; the page has a refresh button.
      staleTime: 60_000,
      refetchOnWindowFocus: false,
    }),
};
