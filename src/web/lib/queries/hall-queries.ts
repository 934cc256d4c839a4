import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../api-client';
import { hallListSchema } from '../schemas/hall';

export const hallKeys = {
  all: ['halls'] as const,
  list: () => [...hallKeys.all, 'list'] as const,
};

export const hallQueries = {
  /** Halls hardly ever change during a session. */
  list: () =>
    queryOptions({
      queryKey: hallKeys.list(),
      queryFn: ({ signal }) => apiClient.get('/partner/hall', { schema: hallListSchema, signal }),
      staleTime: 30 * 60_000,
    }),
};
