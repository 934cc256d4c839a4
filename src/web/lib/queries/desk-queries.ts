import { queryOptions } from '@tanstack/react-query';
import { openOrdersSchemaOf, printDataSchemaOf } from '@/contract/desk';
import { apiClient } from '../api-client';
import { fromParser, lenientArray } from '../lenient';
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

// The desk's envelopes are zod schemas of the contract; the order inside them is read as the order screens read it.
const orderExport = fromParser(orderExportSchema);

const printDataSchema = printDataSchemaOf(orderExport);

const openOrdersSchema = openOrdersSchemaOf(lenientArray(orderExport));

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
