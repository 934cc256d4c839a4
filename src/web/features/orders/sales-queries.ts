import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../lib/api-client';

const saleSchema = z.object({
  orderId: z.number(),
  seller: z.object({ accountId: z.number().nullable(), name: z.string().nullable(), email: z.string().nullable() }),
  at: z.string(),
  /** The shift the sale joined (the seller had one open at the desk). */
  shift: z.object({ id: z.number(), desk: z.string(), openedAt: z.string().nullable() }).nullable(),
});

const salesSchema = z.object({ sales: z.array(saleSchema) });

export type Sale = z.infer<typeof saleSchema>;

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
          schema: salesSchema,
          query: { orderIds: orderIds.join(',') },
          signal,
        });
        return new Map(answer.sales.map((sale) => [sale.orderId, sale]));
      },
      enabled: orderIds.length > 0,
      staleTime: 30_000,
    }),
};
