import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ProductionReportInput,
  productionReportScheduleSchema,
  productionReportsSchema,
} from '@/contract/production-reports';
import { productionDashboardSchema, promoterProductionsSchema } from '@/contract/promoter';
import { apiClient, ignoredAnswer } from '../../lib/api-client';

/**
 * The promoter's productions and dashboards (`/api/promoter/…`). A dashboard's key holds the mirror's last
 * complete sync (`syncMark`): when the mirror status shows a newer one, the figures are read again.
 */
export const promoterKeys = {
  all: ['promoter'] as const,
  productions: () => [...promoterKeys.all, 'productions'] as const,
  dashboard: (productionId: number, syncMark: string | null) =>
    [...promoterKeys.all, 'dashboard', productionId, syncMark] as const,
  reports: (productionId: number) => [...promoterKeys.all, 'reports', productionId] as const,
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

/** A production's scheduled sales reports and their files (written by the export scheduler). */
export const reportQueries = {
  reports: (productionId: number) =>
    queryOptions({
      queryKey: promoterKeys.reports(productionId),
      queryFn: ({ signal }) =>
        apiClient.get(`/api/exports/production-reports/${productionId}`, { schema: productionReportsSchema, signal }),
      staleTime: 10_000,
    }),
};

/** The link that downloads a report's file (checked against the person's scope and audited by the gateway). */
export const reportFileUrl = (fileId: number) => `/api/exports/production-reports/files/${fileId}`;

/** Schedule, run now, remove: each reads the production's reports again. */
export function useReportActions(productionId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: promoterKeys.reports(productionId) });
  return {
    create: useMutation({
      mutationFn: (input: ProductionReportInput) =>
        apiClient.post(`/api/exports/production-reports/${productionId}`, {
          schema: productionReportScheduleSchema,
          body: input,
        }),
      onSuccess,
    }),
    runNow: useMutation({
      mutationFn: (id: number) =>
        apiClient.post(`/api/exports/production-reports/schedules/${id}/run`, {
          schema: productionReportScheduleSchema,
        }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: number) =>
        apiClient.delete(`/api/exports/production-reports/schedules/${id}`, { schema: ignoredAnswer }),
      onSuccess,
    }),
  };
}
