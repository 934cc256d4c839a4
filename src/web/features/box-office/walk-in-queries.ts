import { queryOptions } from '@tanstack/react-query';
import { walkInCustomerSchema } from '@/contract/scan';
import { apiClient } from '../../lib/api-client';

export const walkInKeys = { all: ['walk-in-customer'] as const };

export const walkInQueries = {
  /**
   * The organisation's walk-in customer and its cash method: made by the gateway on the first ask (hence the
   * POST), the same ever after, so it is kept for the session.
   */
  customer: () =>
    queryOptions({
      queryKey: walkInKeys.all,
      queryFn: ({ signal }) =>
        apiClient.post('/api/walk-in-customer', { schema: walkInCustomerSchema, body: {}, signal }),
      staleTime: Number.POSITIVE_INFINITY,
      gcTime: Number.POSITIVE_INFINITY,
    }),
};
