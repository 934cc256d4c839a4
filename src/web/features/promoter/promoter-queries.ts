import { queryOptions } from '@tanstack/react-query';
import { productionDashboardSchema, promoterProductionsSchema } from '@/contract/promoter';
import { apiClient } from '../../lib/api-client';

/**
 * The promoter's productions and dashboards (`/api/promoter/…`). A dashboard's key holds the mirror's last
 * complete sync (`syncMark`): when the mirror status shows a newer one, the figures are read again.
 */
export const promoterKeys = {
  all: ['promoter'] as const,
  productions: () => [...promoterKeys.all, 'productions'] as const,
  dashboard: (productionId: number, syncMark: string | null) =>
    [...promoterKeys.all, 'dashboard', productionId, syncMark] as const,
};

export const promoterQueries = {
  productions: () =>
    queryOptions({
      queryKey: promoterKeys.productions(),
      queryFn: ({ signal }) =>
        apiClient.get('/api/promoter/productions', { schema: promoterProductionsSchema, signal }),
      staleTime: 60_000,
    }),
  dashboard: (productionId: number, syncMark: string | null) =>
    queryOptions({
      queryKey: promoterKeys.dashboard(productionId, syncMark),
      queryFn: ({ signal }) =>
        apiClient.get(`/api/promoter/productions/${productionId}`, { schema: productionDashboardSchema, signal }),
      placeholderData: (previous) => previous,
    }),
};
