import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type AutoTagInput,
  autoTagDiffSchema,
  autoTagViewSchema,
  type CustomerJob,
  customerJobDetailSchema,
  customerJobListSchema,
  customerJobSchema,
  type JobCommand,
  OPEN_JOB_STATES,
  type TaggingRequest,
  taggingDiffSchema,
} from '@/contract/customer-jobs';
import { apiClient, ignoredAnswer } from '../../lib/api-client';

/**
 * The gateway's customer jobs (`/api/customer-jobs`), tagging a segment and its auto tag. A job's progress is
 * read again every two seconds while it has work to do; mutations invalidate through these keys.
 */
export const customerJobKeys = {
  all: ['customer-jobs'] as const,
  list: () => [...customerJobKeys.all, 'list'] as const,
  detail: (jobId: number) => [...customerJobKeys.all, 'detail', jobId] as const,
  autoTag: (segmentId: number) => [...customerJobKeys.all, 'auto-tag', segmentId] as const,
  clientTypes: () => [...customerJobKeys.all, 'client-types'] as const,
};

const PROGRESS_EVERY_MS = 2000;
export const isOpen = (job: CustomerJob) => OPEN_JOB_STATES.includes(job.state);
const lenientTags = z.array(z.unknown()).transform((tags) => tags.filter((tag) => typeof tag === 'string'));

export const customerJobQueries = {
  list: () =>
    queryOptions({
      queryKey: customerJobKeys.list(),
      queryFn: ({ signal }) => apiClient.get('/api/customer-jobs', { schema: customerJobListSchema, signal }),
      refetchInterval: (query) => (query.state.data?.jobs.some(isOpen) ? PROGRESS_EVERY_MS : false),
    }),
  detail: (jobId: number) =>
    queryOptions({
      queryKey: customerJobKeys.detail(jobId),
      queryFn: ({ signal }) =>
        apiClient.get(`/api/customer-jobs/${jobId}`, { schema: customerJobDetailSchema, signal }),
      refetchInterval: (query) => (query.state.data && isOpen(query.state.data.job) ? PROGRESS_EVERY_MS : false),
    }),
  autoTag: (segmentId: number) =>
    queryOptions({
      queryKey: customerJobKeys.autoTag(segmentId),
      queryFn: ({ signal }) =>
        apiClient.get(`/api/segments/${segmentId}/auto-tag`, { schema: autoTagViewSchema, signal }),
      refetchInterval: (query) =>
        query.state.data?.runs.some((run) => run.job && isOpen(run.job)) ? PROGRESS_EVERY_MS : false,
    }),
  /** The client's tag list: the only tags the service sets. */
  clientTypes: () =>
    queryOptions({
      queryKey: customerJobKeys.clientTypes(),
      queryFn: ({ signal }) => apiClient.get('/partner/export/clienttypes', { schema: lenientTags, signal }),
      staleTime: 5 * 60_000,
    }),
};

export function useJobCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ jobId, command }: { jobId: number; command: JobCommand }) =>
      apiClient.post(`/api/customer-jobs/${jobId}/${command}`, { schema: customerJobSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerJobKeys.all }),
  });
}

export function useTaggingDryRun(segmentId: number) {
  return useMutation({
    mutationFn: (request: TaggingRequest) =>
      apiClient.post(`/api/segments/${segmentId}/tagging/dry-run`, { schema: taggingDiffSchema, body: request }),
  });
}

export function useStartTagging(segmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TaggingRequest) =>
      apiClient.post(`/api/segments/${segmentId}/tagging`, { schema: customerJobSchema, body: request }),
    onSuccess: (job) => {
      queryClient.setQueryData(customerJobKeys.detail(job.id), { job, failures: [] });
      return queryClient.invalidateQueries({ queryKey: customerJobKeys.list() });
    },
  });
}

/** What keeping `tag` in step would change now (asked before an automatic label is saved). */
export function useAutoTagDryRun(segmentId: number) {
  return useMutation({
    mutationFn: (tag: string) =>
      apiClient.post(`/api/segments/${segmentId}/auto-tag/dry-run`, { schema: autoTagDiffSchema, body: { tag } }),
  });
}

export function useSaveAutoTag(segmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AutoTagInput) =>
      apiClient.put(`/api/segments/${segmentId}/auto-tag`, { schema: autoTagViewSchema, body: input }),
    onSuccess: (view) => queryClient.setQueryData(customerJobKeys.autoTag(segmentId), view),
  });
}

export function useRemoveAutoTag(segmentId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.delete(`/api/segments/${segmentId}/auto-tag`, { schema: ignoredAnswer }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerJobKeys.autoTag(segmentId) }),
  });
}
