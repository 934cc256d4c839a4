import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { productionSchema } from '../../lib/schemas/production';

export const productionKeys = {
  all: ['productions'] as const,
  detail: (productionId: number) => [...productionKeys.all, 'detail', productionId] as const,
};

export const productionQueries = {
  /** A production and its events: a list, so cached for minutes like the event lists (spec section 8). */
  detail: (productionId: number) =>
    queryOptions({
      queryKey: productionKeys.detail(productionId),
      queryFn: ({ signal }) =>
        apiClient.get(`/partner/production/${productionId}`, { schema: productionSchema, signal }),
      staleTime: 5 * 60_000,
    }),
};
