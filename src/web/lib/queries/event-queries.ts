import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../api-client';
import { partnerEventListSchema, partnerEventSchema } from '../schemas/partner-event';

export interface EventRange {
  startDate: string;
  endDate: string;
}

/** Keys from generic to specific, so `invalidateQueries({ queryKey: eventKeys.all })` reaches every event query. */
export const eventKeys = {
  all: ['events'] as const,
  lists: () => [...eventKeys.all, 'list'] as const,
  list: (range: EventRange) => [...eventKeys.lists(), range] as const,
  everyDate: () => [...eventKeys.lists(), 'all'] as const,
  details: () => [...eventKeys.all, 'detail'] as const,
  detail: (eventId: number) => [...eventKeys.details(), eventId] as const,
  /** The organisation's shared copies (the gateway's `/api/catalog`). */
  shared: () => [...eventKeys.all, 'shared'] as const,
  sharedList: (range: EventRange) => [...eventKeys.shared(), 'list', range] as const,
  sharedDetail: (eventId: number) => [...eventKeys.shared(), 'detail', eventId] as const,
};

/**
 * The gateway's copies of the service's event reads, shared by the organisation's people (issue 32): read from
 * the service at most once per freshness period for all of them (lists 5 minutes, a detail 30 s), so a person's
 * dashboard or labels cost the service nothing when a colleague read the same a moment ago. Same answers as
 * the forwarded `/partner/event` reads; the box office and the event pages read availability fresh.
 */
const SHARED_EVENTS = '/api/catalog/events';

export const eventQueries = {
  /**
   * Every event of the client, of every date: orders and waiting lists refer to past performances too, and
   * the box office sells vouchers and products, whose date does not matter. Cached like every event list.
   */
  everyDate: () =>
    queryOptions({
      queryKey: eventKeys.everyDate(),
      queryFn: ({ signal }) => apiClient.get(SHARED_EVENTS, { schema: partnerEventListSchema, signal }),
      staleTime: 5 * 60_000,
    }),
  /** Event lists change slowly; the spec asks clients to cache them for minutes (section 8). */
  list: (range: EventRange) =>
    queryOptions({
      queryKey: eventKeys.list(range),
      queryFn: ({ signal }) =>
        apiClient.get('/partner/event', { schema: partnerEventListSchema, query: { ...range }, signal }),
      staleTime: 5 * 60_000,
    }),
  /** The dashboard's events of a range: the shared copy. */
  sharedList: (range: EventRange) =>
    queryOptions({
      queryKey: eventKeys.sharedList(range),
      queryFn: ({ signal }) =>
        apiClient.get(SHARED_EVENTS, { schema: partnerEventListSchema, query: { ...range }, signal }),
      staleTime: 5 * 60_000,
    }),
  /** The dashboard's availability of an event: the shared copy, at most 30 s old, asked again every 30 s. */
  sharedDetail: (eventId: number) =>
    queryOptions({
      queryKey: eventKeys.sharedDetail(eventId),
      queryFn: ({ signal }) => apiClient.get(`${SHARED_EVENTS}/${eventId}`, { schema: partnerEventSchema, signal }),
      staleTime: 30_000,
      refetchOnWindowFocus: true,
      refetchInterval: 30_000,
      refetchIntervalInBackground: false,
    }),
  /**
   * The detail carries availability: fresher than the list. It refetches when the window regains focus and
   * every 30 s while the page is visible (React Query pauses the interval in a background tab).
   */
  detail: (eventId: number) =>
    queryOptions({
      queryKey: eventKeys.detail(eventId),
      queryFn: ({ signal }) => apiClient.get(`/partner/event/${eventId}`, { schema: partnerEventSchema, signal }),
      staleTime: 30_000,
      refetchOnWindowFocus: true,
      refetchInterval: 30_000,
      refetchIntervalInBackground: false,
    }),
};
