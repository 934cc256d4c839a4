import type { QueryClient } from '@tanstack/react-query';
import { orderKeys } from '../../lib/queries/order-queries';
import type { Order, OrderExport } from '../../lib/schemas/order';

/**
 * A list or export row already holds everything the order page shows: hand it over, so the page opens at
 * once instead of searching the export for the seats. Marked as fetched now; the page still refetches the
 * detail when it is stale.
 */
export function seedOrderCache(queryClient: QueryClient, row: OrderExport): void {
  const order: Order = {
    orderId: row.orderId,
    orderKey: row.orderKey,
    customerId: row.customerId,
    orderStatus: row.orderStatus,
    orderPaymentStatus: row.orderPaymentStatus,
    orderDate: row.orderDate,
    timeOut: row.timeOut,
    amount: row.amount,
    donation: row.donation,
    lastChanged: row.lastChanged,
    handlingTextPayment: row.handlingTextPayment,
    discountName: row.discountName,
  };
  if (!queryClient.getQueryData(orderKeys.detail(row.orderId))) {
    queryClient.setQueryData(orderKeys.detail(row.orderId), order);
  }
  queryClient.setQueryData(orderKeys.lines(row.orderId, row.lastChanged), row);
}
