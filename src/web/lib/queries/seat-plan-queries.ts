import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../api-client';
import { seatPlanSchema } from '../schemas/seat-plan';

export const seatPlanKeys = {
  all: ['seatPlan'] as const,
  detail: (eventId: number) => [...seatPlanKeys.all, eventId] as const,
};

export const seatPlanQueries = {
  /**
   * Availability on a plan changes with every sale: short stale time, refetch on focus, and every 30 s while the
   * page is visible. After a 409 (seat taken meanwhile) invalidate `seatPlanKeys.detail(eventId)` to refresh.
   */
  detail: (eventId: number) =>
    queryOptions({
      queryKey: seatPlanKeys.detail(eventId),
      queryFn: ({ signal }) => apiClient.get(`/partner/seating/${eventId}`, { schema: seatPlanSchema, signal }),
      staleTime: 15_000,
      refetchOnWindowFocus: true,
      refetchInterval: 30_000,
      refetchIntervalInBackground: false,
    }),
};
