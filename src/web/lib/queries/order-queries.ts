import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { findOrderInExport } from '@/contract/find-order-in-export';
import { apiClient } from '../api-client';
import { type Order, type OrderPage, orderPageSchema, orderSchema, publicOrderStatusSchema } from '../schemas/order';

export interface OrderListFilter {
  page: number;
  /** `YYYY-MM-DD` or ISO datetime; '' for all orders. */
  changedSince: string;
}

/** Keys from generic to specific, so `invalidateQueries({ queryKey: orderKeys.all })` reaches every order query. */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (filter: OrderListFilter) => [...orderKeys.lists(), filter] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (orderId: number) => [...orderKeys.details(), orderId] as const,
  lines: (orderId: number, lastChanged: string) => [...orderKeys.details(), orderId, 'lines', lastChanged] as const,
  statuses: () => [...orderKeys.all, 'public-status'] as const,
  status: (orderKey: string) => [...orderKeys.statuses(), orderKey] as const,
};

/** One page of `GET /partner/order` (newest first, 100 a page, export fields included). */
export function fetchOrderListPage(filter: OrderListFilter, signal?: AbortSignal): Promise<OrderPage> {
  return apiClient.get('/partner/order', {
    schema: orderPageSchema,
    query: { page: filter.page > 1 ? filter.page : undefined, changedSince: filter.changedSince || undefined },
    signal,
  });
}

/**
 * One page of `POST /partner/export/orders`. `changedSince` goes in the body as the spec says, and in the
 * query as well so that the page URLs the service hands back (which carry it) mean the same thing.
 */
export function fetchOrderExportPage(changedSince: string, page: number, signal?: AbortSignal): Promise<OrderPage> {
  return apiClient.post('/partner/export/orders', {
    schema: orderPageSchema,
    query: { page: page > 1 ? page : undefined, changedSince: changedSince || undefined },
    body: changedSince ? { changedSince } : {},
    signal,
  });
}

export const orderQueries = {
  list: (filter: OrderListFilter) =>
    queryOptions({
      queryKey: orderKeys.list(filter),
      queryFn: ({ signal }) => fetchOrderListPage(filter, signal),
      staleTime: 30_000,
      placeholderData: keepPreviousData,
    }),
  detail: (orderId: number) =>
    queryOptions({
      queryKey: orderKeys.detail(orderId),
      queryFn: ({ signal }) => apiClient.get(`/partner/order/${orderId}`, { schema: orderSchema, signal }),
      staleTime: 30_000,
    }),
  /**
   * The export row of an order: its seats, channel, fee and customer (`GET /partner/order/{id}` has none of
   * them). Keyed by the order's lastChanged, so a changed order reads its row again.
   */
  lines: (order: Pick<Order, 'orderId' | 'lastChanged'>) =>
    queryOptions({
      queryKey: orderKeys.lines(order.orderId, order.lastChanged),
      queryFn: ({ signal }) =>
        findOrderInExport(
          order,
          (page, pageSignal) => fetchOrderExportPage(order.lastChanged, page, pageSignal),
          signal,
        ),
      staleTime: 60_000,
    }),
  /**
   * Public order status (spec 2.6): the tickets and receipt links. The spec asks for at most one call every
   * 10 seconds per order, so it is not refetched on focus.
   */
  publicStatus: (orderKey: string) =>
    queryOptions({
      queryKey: orderKeys.status(orderKey),
      queryFn: ({ signal }) =>
        apiClient.get(`/order/${encodeURIComponent(orderKey)}`, { schema: publicOrderStatusSchema, signal }),
      staleTime: 60_000,
      refetchOnWindowFocus: false,
    }),
};
