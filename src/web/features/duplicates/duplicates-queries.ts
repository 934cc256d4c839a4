import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DuplicateReasonKey } from '@/contract/duplicate-reasons';
import { duplicateCompareSchema, duplicateMergeResultSchema, duplicateQueueSchema } from '@/contract/duplicates';
import { apiClient, ignoredAnswer } from '../../lib/api-client';
import { customerKeys } from '../customers/public';

/**
 * The gateway's duplicate review queue (`/api/duplicates`): pages of open pairs with the scan's progress, a pair's
 * two records, and the decisions. Mutations invalidate through these keys.
 */
export const duplicateKeys = {
  all: ['duplicates'] as const,
  queues: () => [...duplicateKeys.all, 'queue'] as const,
  queue: (page: number, reason: DuplicateReasonKey | null) => [...duplicateKeys.queues(), { page, reason }] as const,
  pair: (a: number, b: number) => [...duplicateKeys.all, 'pair', a, b] as const,
};

/** How often the queue is read again while a scan runs (its progress bar). */
const SCAN_POLL_MS = 2000;

export const duplicateQueries = {
  queue: (page: number, reason: DuplicateReasonKey | null) =>
    queryOptions({
      queryKey: duplicateKeys.queue(page, reason),
      queryFn: ({ signal }) =>
        apiClient.get('/api/duplicates', { schema: duplicateQueueSchema, query: { page, reason }, signal }),
      placeholderData: keepPreviousData,
      refetchInterval: (query) =>
        query.state.data?.scan.running || query.state.data?.scan.fullRequested ? SCAN_POLL_MS : false,
    }),
  pair: (a: number, b: number) =>
    queryOptions({
      queryKey: duplicateKeys.pair(a, b),
      queryFn: ({ signal }) => apiClient.get(`/api/duplicates/${a}/${b}`, { schema: duplicateCompareSchema, signal }),
      staleTime: 30_000,
    }),
};

export function useMarkNotSame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ a, b }: { a: number; b: number }) =>
      apiClient.post(`/api/duplicates/${a}/${b}/not-same`, { schema: ignoredAnswer }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: duplicateKeys.queues() }),
  });
}

export function useMergePair() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ a, b, keep }: { a: number; b: number; keep: number }) =>
      apiClient.post(`/api/duplicates/${a}/${b}/merge`, { schema: duplicateMergeResultSchema, body: { keep } }),
    // The kept record changed in the service (and the mirror): the customer pages read it again.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: duplicateKeys.all }),
        queryClient.invalidateQueries({ queryKey: customerKeys.all }),
      ]),
  });
}

/** "Scan again": a full scan at the gateway's next tick; the queue shows its progress. */
export function useRescan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.post('/api/duplicates/scans', { schema: ignoredAnswer }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: duplicateKeys.queues() }),
  });
}
