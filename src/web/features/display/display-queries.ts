import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { pairedDisplayListSchema, pairingCodeSchema } from '@/contract/display';
import { apiClient, ignoredAnswer } from '../../lib/api-client';

/** The paired screens of a sales point, as its settings list them. */
export const displayKeys = {
  all: ['displays'] as const,
  ofSalesPoint: (salesPointId: number) => [...displayKeys.all, salesPointId] as const,
};

export const displayQueries = {
  ofSalesPoint: (salesPointId: number) =>
    queryOptions({
      queryKey: displayKeys.ofSalesPoint(salesPointId),
      queryFn: ({ signal }) =>
        apiClient.get(`/api/sales-points/${salesPointId}/displays`, { schema: pairedDisplayListSchema, signal }),
    }),
};

/** A pairing code for a screen at the sales point; once it is used, the list shows the new screen. */
export function usePairingCode(salesPointId: number) {
  return useMutation({
    mutationFn: () =>
      apiClient.post('/api/display/pairing-codes', { schema: pairingCodeSchema, body: { salesPointId } }),
  });
}

export function useRevokeDisplay(salesPointId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (displayId: number) =>
      apiClient.delete(`/api/sales-points/${salesPointId}/displays/${displayId}`, { schema: ignoredAnswer }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: displayKeys.ofSalesPoint(salesPointId) }),
  });
}
