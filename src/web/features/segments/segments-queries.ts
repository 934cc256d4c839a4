import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type SegmentInput,
  type SegmentRule,
  segmentChoicesSchema,
  segmentCountSchema,
  segmentListSchema,
  segmentPreviewSchema,
  segmentSchema,
} from '@/contract/segments';
import { apiClient, ignoredAnswer } from '../../lib/api-client';

/**
 * The gateway's segments (`/api/segments/...`): saved segments, the builder's choices, and counts and preview
 * pages of a rule being edited (keyed by the rule itself, so an edit back to an earlier rule is answered at
 * once). Mutations invalidate through these keys.
 */
export const segmentKeys = {
  all: ['segments'] as const,
  lists: () => [...segmentKeys.all, 'list'] as const,
  detail: (id: number) => [...segmentKeys.all, 'detail', id] as const,
  choices: () => [...segmentKeys.all, 'choices'] as const,
  counts: () => [...segmentKeys.all, 'count'] as const,
  count: (rule: SegmentRule) => [...segmentKeys.counts(), rule] as const,
  previews: () => [...segmentKeys.all, 'preview'] as const,
  preview: (rule: SegmentRule, page: number) => [...segmentKeys.previews(), rule, page] as const,
};

export const segmentQueries = {
  list: () =>
    queryOptions({
      queryKey: segmentKeys.lists(),
      queryFn: ({ signal }) => apiClient.get('/api/segments', { schema: segmentListSchema, signal }),
      staleTime: 10_000,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: segmentKeys.detail(id),
      queryFn: ({ signal }) => apiClient.get(`/api/segments/${id}`, { schema: segmentSchema, signal }),
      staleTime: 10_000,
    }),
  choices: () =>
    queryOptions({
      queryKey: segmentKeys.choices(),
      queryFn: ({ signal }) => apiClient.get('/api/segments/choices', { schema: segmentChoicesSchema, signal }),
      staleTime: 5 * 60_000,
    }),
  /** The live count: the previous rule's count stays on screen (marked stale) while the new one is counted. */
  count: (rule: SegmentRule) =>
    queryOptions({
      queryKey: segmentKeys.count(rule),
      queryFn: ({ signal }) =>
        apiClient.post('/api/segments/count', { schema: segmentCountSchema, body: { rule }, signal }),
      staleTime: 30_000,
      placeholderData: keepPreviousData,
    }),
  preview: (rule: SegmentRule, page: number) =>
    queryOptions({
      queryKey: segmentKeys.preview(rule, page),
      queryFn: ({ signal }) =>
        apiClient.post('/api/segments/preview', {
          schema: segmentPreviewSchema,
          query: { page },
          body: { rule },
          signal,
        }),
      staleTime: 30_000,
      placeholderData: keepPreviousData,
    }),
};

/** The link that downloads a saved segment's members as CSV (checked and audited by the gateway). */
export const segmentExportUrl = (id: number, delimiter: 'comma' | 'semicolon') =>
  `/api/segments/${id}/export?delimiter=${delimiter}`;

/** Saves a segment: a new one (no id) or changes to one. */
export function useSaveSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: SegmentInput }) =>
      id === null
        ? apiClient.post('/api/segments', { schema: segmentSchema, body: input })
        : apiClient.put(`/api/segments/${id}`, { schema: segmentSchema, body: input }),
    onSuccess: (segment) => {
      queryClient.setQueryData(segmentKeys.detail(segment.id), segment);
      void queryClient.invalidateQueries({ queryKey: segmentKeys.lists() });
    },
  });
}

export function useDeleteSegment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiClient.delete(`/api/segments/${id}`, { schema: ignoredAnswer }),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: segmentKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: segmentKeys.lists() });
    },
  });
}
