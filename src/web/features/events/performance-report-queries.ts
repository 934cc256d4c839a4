import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { paceSchema, performanceSalesSchema, performancesSchema } from '@/contract/reports';
import { apiClient } from '../../lib/api-client';
import type { EventRange } from '../../lib/queries/event-queries';

/**
 * The performances report of the gateway (`/api/reports/performances`): one request for a period's
 * performances with their sales, occupancy, blocked seats and waiting list (the gateway reads the event
 * details once a minute for everyone), and per performance its booking pace and sales by price and channel.
 */
export const performanceReportKeys = {
  all: ['reports', 'performances'] as const,
  list: (range: EventRange) => [...performanceReportKeys.all, 'list', range] as const,
  pace: (eventIds: readonly number[]) => [...performanceReportKeys.all, 'pace', eventIds] as const,
  sales: (eventId: number) => [...performanceReportKeys.all, 'sales', eventId] as const,
};

export const performanceReportQueries = {
  list: (range: EventRange) =>
    queryOptions({
      queryKey: performanceReportKeys.list(range),
      queryFn: ({ signal }) =>
        apiClient.get('/api/reports/performances', {
          schema: performancesSchema,
          query: { from: range.startDate, to: range.endDate },
          signal,
        }),
      staleTime: 60_000,
      placeholderData: keepPreviousData,
    }),
  pace: (eventIds: readonly number[]) =>
    queryOptions({
      queryKey: performanceReportKeys.pace(eventIds),
      queryFn: ({ signal }) =>
        apiClient.get('/api/reports/performances/pace', {
          schema: paceSchema,
          query: { events: eventIds.join(',') },
          signal,
        }),
      staleTime: 60_000,
      placeholderData: keepPreviousData,
    }),
  sales: (eventId: number) =>
    queryOptions({
      queryKey: performanceReportKeys.sales(eventId),
      queryFn: ({ signal }) =>
        apiClient.get(`/api/reports/performances/${eventId}`, { schema: performanceSalesSchema, signal }),
      staleTime: 60_000,
    }),
};
