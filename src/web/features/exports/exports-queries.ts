import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ExportKind,
  exportCountSchema,
  exportFilesSchema,
  type OrderRowShape,
  type PageStream,
  type ScheduleInput,
  scheduleSchema,
  schedulesSchema,
  watermarksSchema,
} from '@/contract/exports';
import { apiClient, ignoredAnswer } from '../../lib/api-client';

/**
 * The gateway's exports (`/api/exports/...`): the organisation's watermarks, what an export would hold, the
 * scheduled exports and the files they wrote. Mutations invalidate through these keys.
 */
export const exportKeys = {
  all: ['exports'] as const,
  watermarks: () => [...exportKeys.all, 'watermarks'] as const,
  counts: () => [...exportKeys.all, 'count'] as const,
  count: (kind: ExportKind, rows: OrderRowShape) => [...exportKeys.counts(), kind, rows] as const,
  schedules: () => [...exportKeys.all, 'schedules'] as const,
  files: () => [...exportKeys.all, 'files'] as const,
};

export const exportQueries = {
  watermarks: () =>
    queryOptions({
      queryKey: exportKeys.watermarks(),
      queryFn: ({ signal }) => apiClient.get('/api/exports/watermarks', { schema: watermarksSchema, signal }),
      staleTime: 10_000,
    }),
  count: (kind: ExportKind, rows: OrderRowShape) =>
    queryOptions({
      queryKey: exportKeys.count(kind, rows),
      queryFn: ({ signal }) =>
        apiClient.get('/api/exports/count', { schema: exportCountSchema, query: { kind, rows }, signal }),
      staleTime: 10_000,
      refetchOnWindowFocus: true,
    }),
  schedules: () =>
    queryOptions({
      queryKey: exportKeys.schedules(),
      queryFn: ({ signal }) => apiClient.get('/api/exports/schedules', { schema: schedulesSchema, signal }),
      staleTime: 10_000,
    }),
  files: () =>
    queryOptions({
      queryKey: exportKeys.files(),
      queryFn: ({ signal }) => apiClient.get('/api/exports/files', { schema: exportFilesSchema, signal }),
      staleTime: 10_000,
    }),
};

/** The link that downloads a written file (permission-checked and recorded in the audit trail by the gateway). */
export const exportFileUrl = (fileId: number) => `/api/exports/files/${fileId}`;

/** Forgets a stream's watermark: its next incremental export starts whole. */
export function useForgetWatermark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (stream: PageStream) =>
      apiClient.delete(`/api/exports/watermarks/${stream}`, { schema: ignoredAnswer }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportKeys.all }),
  });
}

export function useCreateSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ScheduleInput) =>
      apiClient.post('/api/exports/schedules', { schema: scheduleSchema, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportKeys.schedules() }),
  });
}

export function useUpdateSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: ScheduleInput }) =>
      apiClient.put(`/api/exports/schedules/${id}`, { schema: scheduleSchema, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportKeys.schedules() }),
  });
}

export function useDeleteSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiClient.delete(`/api/exports/schedules/${id}`, { schema: ignoredAnswer }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportKeys.schedules() }),
  });
}

/** "Run now": the schedule is due at once; its file appears in the list when written (polled meanwhile). */
export function useRunSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiClient.post(`/api/exports/schedules/${id}/run`, { schema: scheduleSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportKeys.schedules() }),
  });
}
