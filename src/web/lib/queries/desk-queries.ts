import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiClient } from '../api-client';
import { lenientArray, lenientInt, lenientNullableString, lenientString } from '../lenient';
import { orderExportSchema } from '../schemas/order';
import { orderKeys } from './order-queries';

/**
 * The desk's reads through the gateway's narrow routes (src/server/gateway/desk/desk-routes.ts), open to the
 * box office: an order's print data, and the open orders of the reservations queue. Under the orders' keys,
 * so whatever invalidates orders refreshes these too.
 */
export const deskKeys = {
  all: () => [...orderKeys.all, 'desk'] as const,
  printData: (orderId: number) => [...deskKeys.all(), 'print', orderId] as const,
  openOrders: (since: string) => [...deskKeys.all(), 'open', { since }] as const,
};

const printDataSchema = z.object({
  /** The order with the export's channel, fee and seats (no customer). */
  order: orderExportSchema,
  /** False when the export did not hold the order (it changed while it was read): seats unknown. */
  seatsFound: z.boolean(),
  performances: lenientArray(
    z.object({ eventId: lenientInt, name: lenientString, start: lenientString, hallName: lenientNullableString }),
  ),
  sections: lenientArray(z.object({ eventId: lenientInt, seatId: lenientString, section: lenientString })),
  /** Who sold it through Foyer and in which shift; null when it was not sold in Foyer. */
  sale: z.nullable(
    z.object({
      seller: z.object({ name: z.nullable(z.string()), email: z.nullable(z.string()) }),
      shift: z.nullable(z.object({ id: z.number(), desk: z.string() })),
    }),
  ),
});
export type PrintData = z.infer<typeof printDataSchema>;

const openOrdersSchema = z.object({
  orders: lenientArray(orderExportSchema),
  /** Whether the webshop's orders awaiting payment are included (for those who read orders). */
  withOnline: z.boolean(),
  /** False while the gateway's mirror is still in its first full read of the orders: some may be missing. */
  complete: z.boolean(),
});
export type OpenOrders = z.infer<typeof openOrdersSchema>;

export const deskQueries = {
  printData: (orderId: number) =>
    queryOptions({
      queryKey: deskKeys.printData(orderId),
      queryFn: ({ signal }) =>
        apiClient.get(`/api/desk/orders/${orderId}/print-data`, { schema: printDataSchema, signal }),
      // The printed page must not change under the print dialog.
      staleTime: 60_000,
      refetchOnWindowFocus: false,
    }),
  /**
   * The reservations (and, for order readers, the webshop's orders awaiting payment) among the orders changed
   * since `since`: the gateway reads the pages of the order list and keeps only those.
   */
  openOrders: (since: string) =>
    queryOptions({
      queryKey: deskKeys.openOrders(since),
      queryFn: ({ signal }) =>
        apiClient.get('/api/desk/open-orders', { schema: openOrdersSchema, query: { since }, signal }),
      // Reading every page again costs a second or more: not on each return to the window; the page has a refresh button.
      staleTime: 60_000,
      refetchOnWindowFocus: false,
    }),
};
