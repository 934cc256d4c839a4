import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { MirrorRefreshAnswer, MirrorStatus } from '@/contract/mirror';
import { apiClient } from '../api-client';
import { mirrorRefreshAnswerSchema, mirrorStatusSchema } from '../schemas/mirror-status';

/** While a sync runs (or the first one has not finished), the status is asked for this often. */
const BUSY_POLL_MS = 2000;

/**
 * How fresh the gateway's mirror of the service is (`GET /api/mirror/status`): read again every sync
 * interval, and every 2 s while a sync runs, so "Bijgewerkt … geleden" and the first sync's progress move.
 */
export const mirrorQueries = {
  all: ['mirror'] as const,
  status: () =>
    queryOptions({
      queryKey: [...mirrorQueries.all, 'status'] as const,
      queryFn: ({ signal }): Promise<MirrorStatus> =>
        apiClient.get('/api/mirror/status', { schema: mirrorStatusSchema, signal }),
      refetchInterval: (query) => {
        const status = query.state.data;
        if (!status) return false;
        const busy = status.running || status.resources.some((resource) => resource.fullSync.finishedAt === null);
        return busy ? BUSY_POLL_MS : status.intervalSeconds * 1000;
      },
    }),
};

/** "Nu verversen": asks the gateway for a sync now, and shows the status it answers with at once. */
export function useRefreshMirror() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<MirrorRefreshAnswer> =>
      apiClient.post('/api/mirror/refresh', { schema: mirrorRefreshAnswerSchema, body: {} }),
    onSuccess: (answer) => {
      // The answer says a sync runs now: the status query then polls until it is done.
      queryClient.setQueryData(mirrorQueries.status().queryKey, { ...answer.status, running: true });
    },
  });
}
