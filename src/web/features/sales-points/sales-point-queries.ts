import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { type SalesPointBody, salesPointListSchema, salesPointSchema } from '@/contract/sales-points';
import { apiClient } from '../../lib/api-client';
import { paymentMethodListSchema } from '../../lib/schemas/payment-method';

export const salesPointKeys = {
  all: ['sales-points'] as const,
  list: () => [...salesPointKeys.all, 'list'] as const,
  paymentMethods: () => [...salesPointKeys.all, 'payment-methods'] as const,
};

export const salesPointQueries = {
  list: () =>
    queryOptions({
      queryKey: salesPointKeys.list(),
      queryFn: ({ signal }) => apiClient.get('/api/sales-points', { schema: salesPointListSchema, signal }),
    }),
  /** The service's payment methods to offer first at a sales point. */
  paymentMethods: () =>
    queryOptions({
      queryKey: salesPointKeys.paymentMethods(),
      queryFn: ({ signal }) => apiClient.get('/partner/paymentmethods', { schema: paymentMethodListSchema, signal }),
      staleTime: 30 * 60_000,
    }),
};

function useRefreshList() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: salesPointKeys.list() });
}

/** Creates a sales point (no id) or changes one. */
export function useSaveSalesPoint() {
  const refresh = useRefreshList();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SalesPointBody }) =>
      id === null
        ? apiClient.post('/api/sales-points', { schema: salesPointSchema, body })
        : apiClient.put(`/api/sales-points/${id}`, { schema: salesPointSchema, body }),
    onSuccess: refresh,
  });
}

export function useSetSalesPointEnabled() {
  const refresh = useRefreshList();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: number; enabled: boolean }) =>
      apiClient.post(`/api/sales-points/${id}/${enabled ? 'enable' : 'disable'}`, {
        schema: salesPointSchema,
        body: {},
      }),
    onSettled: refresh,
  });
}
