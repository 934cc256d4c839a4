import { queryOptions } from '@tanstack/react-query';
import { accountSchema } from '@/contract/account';
import { apiClient } from '../../lib/api-client';

export const accountKeys = {
  all: ['account'] as const,
  detail: () => [...accountKeys.all, 'detail'] as const,
};

export const accountQueries = {
  detail: () =>
    queryOptions({
      queryKey: accountKeys.detail(),
      queryFn: ({ signal }) => apiClient.get('/api/account', { schema: accountSchema, signal }),
    }),
};
