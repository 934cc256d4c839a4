import { infiniteQueryOptions } from '@tanstack/react-query';
import { fetchOrderListPage, orderKeys } from '../../lib/queries/order-queries';
import { readsOnAfter } from './reservations-model';

/** Under the orders' keys, so whatever invalidates orders refreshes the queue too. */
export const reservationKeys = {
  all: () => [...orderKeys.all, 'open'] as const,
  queue: (changedSince: string) => [...reservationKeys.all(), { changedSince }] as const,
};

export const reservationQueries = {
  /**
   * `GET /partner/order?changedSince=` page by page (newest first) to the last page; the page drives the
   * reading on (fetchNextPage) and shows how far it is (`last_page` is known from the first page).
   */
  queue: (changedSince: string) =>
    infiniteQueryOptions({
      queryKey: reservationKeys.queue(changedSince),
      queryFn: ({ pageParam, signal }) => fetchOrderListPage({ page: pageParam, changedSince }, signal),
      initialPageParam: 1,
      getNextPageParam: (page) => (readsOnAfter(page) ? page.current_page + 1 : undefined),
      staleTime: 30_000,
    }),
};
