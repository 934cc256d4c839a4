import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { salesAnswerSchema } from '../../lib/schemas/sales';

/**
 * "Sold by": who sold an order through Foyer, and in which shift, from the gateway (`GET /api/sales`). Orders
 * sold elsewhere (the web shop, another system) have no entry.
 */
export const salesQueries = {
  forOrders: (orderIds: readonly number[]) =>
    queryOptions({
      queryKey: ['sales', [...orderIds].sort((a, b) => a - b).join(',')] as const,
      queryFn: async ({ signal }) => {
        const answer = await apiClient.get('/api/sales', {
          schema: salesAnswerSchema,
          query: { orderIds: orderIds.join(',') },
          signal,
        });
        return new Map(answer.sales.map((sale) => [sale.orderId, sale]));
      },
      enabled: orderIds.length > 0,
      staleTime: 30_000,
    }),
};
