import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  chartsSchema,
  choicesSchema,
  groupReportSchema,
  orderReportSchema,
  type ReportGrouping,
  type ReportSort,
} from '@/contract/reports';
import { apiClient } from '@/web/lib/api-client';

/** The report's request: period and filters as query parameters (analysis-params.ts `reportQuery`). */
export type ReportQuery = Record<string, string>;

export const analysisKeys = {
  all: ['reports', 'orders'] as const,
  report: (query: ReportQuery, sort: ReportSort, page: number) =>
    [...analysisKeys.all, 'report', query, sort, page] as const,
  groups: (query: ReportQuery, group: ReportGrouping) => [...analysisKeys.all, 'groups', query, group] as const,
  choices: (from: string, to: string) => [...analysisKeys.all, 'choices', from, to] as const,
  charts: (query: ReportQuery) => [...analysisKeys.all, 'charts', query] as const,
};

/**
 * The analysis reads the gateway's mirror: every answer is a few queries there, so a change of filter asks
 * again rather than filtering in the browser. The previous answer stays on screen meanwhile.
 */
const FRESH_MS = 30_000;

export const analysisQueries = {
  report: (query: ReportQuery, sort: ReportSort, page: number) =>
    queryOptions({
      queryKey: analysisKeys.report(query, sort, page),
      queryFn: ({ signal }) =>
        apiClient.get('/api/reports/orders', { schema: orderReportSchema, query: { ...query, sort, page }, signal }),
      staleTime: FRESH_MS,
      placeholderData: keepPreviousData,
    }),
  groups: (query: ReportQuery, group: Exclude<ReportGrouping, 'none'>) =>
    queryOptions({
      queryKey: analysisKeys.groups(query, group),
      queryFn: ({ signal }) =>
        apiClient.get('/api/reports/orders/groups', { schema: groupReportSchema, query: { ...query, group }, signal }),
      staleTime: FRESH_MS,
      // The previous groups stay while other filters are asked, but not as another grouping's: a day label
      // of a channel's key ("sp") is no date (and threw, which took the page down).
      placeholderData: (previous) => (previous?.group === group ? previous : undefined),
    }),
  choices: (from: string, to: string) =>
    queryOptions({
      queryKey: analysisKeys.choices(from, to),
      queryFn: ({ signal }) =>
        apiClient.get('/api/reports/orders/choices', { schema: choicesSchema, query: { from, to }, signal }),
      staleTime: 5 * 60_000,
      placeholderData: keepPreviousData,
    }),
  charts: (query: ReportQuery) =>
    queryOptions({
      queryKey: analysisKeys.charts(query),
      queryFn: ({ signal }) => apiClient.get('/api/reports/orders/charts', { schema: chartsSchema, query, signal }),
      staleTime: FRESH_MS,
      placeholderData: keepPreviousData,
    }),
};

/** The gateway's URL of the filtered set as CSV (streamed by the server, saved by the browser). */
export function analysisCsvUrl(query: ReportQuery, sort: ReportSort): string {
  return apiClient.url('/api/reports/orders/export.csv', { ...query, sort });
}
