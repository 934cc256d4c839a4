import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../api-client';
import { buyerSummarySchema } from '../schemas/customer';

/**
 * A customer as the buyer picker names them (`GET /partner/customer/{id}`: in whole for customers:read, only these
 * fields for the box office's customers:lookup): for a page that names an order's buyer to either. Under the
 * customers' keys, so a change to customers reaches it.
 */
export const buyerQueries = {
  summary: (customerId: number) =>
    queryOptions({
      queryKey: ['customers', 'buyer-summary', customerId] as const,
      queryFn: ({ signal }) => apiClient.get(`/partner/customer/${customerId}`, { schema: buyerSummarySchema, signal }),
      staleTime: 60_000,
    }),
};
