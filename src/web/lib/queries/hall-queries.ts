import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../api-client';
import { hallListSchema, hallSchema } from '../schemas/hall';

export const hallKeys = {
  all: ['halls'] as const,
  list: () => [...hallKeys.all, 'list'] as const,
  detail: (hallId: number) => [...hallKeys.all, 'detail', hallId] as const,
};

export const hallQueries = {
  /**
   * Halls hardly ever change during a session: the gateway's copy shared by the organisation's people (read
   * from the service at most every half hour for all of them, issue 32).
   */
  list: () =>
    queryOptions({
      queryKey: hallKeys.list(),
      queryFn: ({ signal }) => apiClient.get('/api/catalog/halls', { schema: hallListSchema, signal }),
      staleTime: 30 * 60_000,
    }),
  detail: (hallId: number) =>
    queryOptions({
      queryKey: hallKeys.detail(hallId),
      queryFn: ({ signal }) => apiClient.get(`/partner/hall/${hallId}`, { schema: hallSchema, signal }),
      staleTime: 30 * 60_000,
    }),
};
