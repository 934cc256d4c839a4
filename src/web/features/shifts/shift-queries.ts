import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type BlindCountBody,
  type CloseShiftBody,
  currentShiftSchema,
  type OpenShiftBody,
  reconciliationSchema,
  shiftDetailSchema,
  shiftOptionsSchema,
  shiftPageSchema,
} from '@/contract/shift';
import { apiClient } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { refreshPrintingStatus } from '../printing/public';

/** The list's filter as the URL keeps it (`from`/`to` are days, YYYY-MM-DD, at the desk). */
export interface ShiftFilter {
  status: string;
  desk: string;
  seller: string;
  from: string;
  to: string;
  flag: string;
}

/** The gateway's query for a filter: only what is set and well-formed. */
export function shiftQuery(filter: ShiftFilter): Record<string, string> {
  const query: Record<string, string> = {};
  if (['open', 'closed', 'signed-off'].includes(filter.status)) query.status = filter.status;
  if (/^\d+$/.test(filter.desk)) query.desk = filter.desk;
  if (/^\d+$/.test(filter.seller)) query.seller = filter.seller;
  if (/^\d{4}-\d{2}-\d{2}$/.test(filter.from)) query.from = filter.from;
  if (/^\d{4}-\d{2}-\d{2}$/.test(filter.to)) query.to = filter.to;
  if (filter.flag === 'past-midnight') query.flag = filter.flag;
  return query;
}

export const shiftKeys = {
  all: ['shifts'] as const,
  current: () => [...shiftKeys.all, 'current'] as const,
  options: () => [...shiftKeys.all, 'options'] as const,
  lists: () => [...shiftKeys.all, 'list'] as const,
  list: (query: Record<string, string>, page: number) => [...shiftKeys.lists(), query, page] as const,
  details: () => [...shiftKeys.all, 'detail'] as const,
  detail: (shiftId: number) => [...shiftKeys.details(), shiftId] as const,
  reconciliation: (shiftId: number) => [...shiftKeys.all, 'reconciliation', shiftId] as const,
};

export const shiftQueries = {
  /** The signed-in seller's open shift with its running totals (null when none is open). */
  current: () =>
    queryOptions({
      queryKey: shiftKeys.current(),
      queryFn: ({ signal }) => apiClient.get('/api/shifts/current', { schema: currentShiftSchema, signal }),
    }),
  options: () =>
    queryOptions({
      queryKey: shiftKeys.options(),
      queryFn: ({ signal }) => apiClient.get('/api/shifts/options', { schema: shiftOptionsSchema, signal }),
      staleTime: 60_000,
    }),
  list: (filter: ShiftFilter, page: number) => {
    const query = shiftQuery(filter);
    return queryOptions({
      queryKey: shiftKeys.list(query, page),
      queryFn: ({ signal }) =>
        apiClient.get('/api/shifts', { schema: shiftPageSchema, query: { ...query, page }, signal }),
      placeholderData: keepPreviousData,
    });
  },
  detail: (shiftId: number) =>
    queryOptions({
      queryKey: shiftKeys.detail(shiftId),
      queryFn: ({ signal }) => apiClient.get(`/api/shifts/${shiftId}`, { schema: shiftDetailSchema, signal }),
    }),
  /** Compared with the service's orders: reads pages of them, so it is not refetched on focus. */
  reconciliation: (shiftId: number) =>
    queryOptions({
      queryKey: shiftKeys.reconciliation(shiftId),
      queryFn: ({ signal }) =>
        apiClient.get(`/api/shifts/${shiftId}/reconciliation`, { schema: reconciliationSchema, signal }),
      refetchOnWindowFocus: false,
      staleTime: 60_000,
    }),
};

/** The desk's time zone, as this browser knows it: the desk's computer is at the venue. */
export const deskTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/Amsterdam';

/**
 * After a shift changed: the seller's current shift, the lists, the desks and the sales point's printers are read
 * again (not the service).
 */
function refreshAfterChange(queryClient: QueryClient) {
  return Promise.all([
    refreshPrintingStatus(queryClient),
    queryClient.invalidateQueries({ queryKey: shiftKeys.current() }),
    queryClient.invalidateQueries({ queryKey: shiftKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: shiftKeys.options() }),
  ]);
}

/** How far the gateway's clock may be from this device's when a time of its is compared with ours. */
const CLOCK_DRIFT_MS = 2 * 60_000;

export function useOpenShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: OpenShiftBody) => {
      const askedAt = Date.now();
      try {
        return await apiClient.post('/api/shifts', { schema: currentShiftSchema, body });
      } catch (error) {
        // "You already have a shift open": perhaps this one, opened by a try whose answer was lost (trying again
        // said so, while the bar still said no shift was open). The shift open now, if it is the one asked for,
        // is the answer; any other stays the refusal, and the bar is read again to show it.
        if (!(isApiError(error) && error.kind === 'conflict' && !error.fieldErrors.desk)) throw error;
        const now = await apiClient.get('/api/shifts/current', { schema: currentShiftSchema });
        queryClient.setQueryData(shiftKeys.current(), now);
        const open = now.shift;
        // At a sales point the desk bears the sales point's name; else the name typed.
        const place =
          body.salesPointId === undefined ? open?.desk.name === body.desk : open?.salesPointId === body.salesPointId;
        // And opened by this try: not before it was sent (a shift of the same desk and float left open since
        // yesterday is not this one), give or take a clock's drift.
        const openedByThisTry = open !== null && Date.parse(open.openedAt) >= askedAt - CLOCK_DRIFT_MS;
        if (place && openedByThisTry && open?.openingFloatCents === body.openingFloatCents) return now;
        throw error;
      }
    },
    onSuccess: (opened) => {
      queryClient.setQueryData(shiftKeys.current(), opened);
      return refreshAfterChange(queryClient);
    },
  });
}

export function useCloseShift(shiftId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CloseShiftBody) =>
      apiClient.post(`/api/shifts/${shiftId}/close`, { schema: shiftDetailSchema, body }),
    onSuccess: (closed) => {
      queryClient.setQueryData(shiftKeys.detail(shiftId), closed);
      return refreshAfterChange(queryClient);
    },
  });
}

/** Keeps the seller's blind first count; the shift as it is now comes back, with it. */
export function useRecordBlindCount(shiftId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BlindCountBody) =>
      apiClient.post(`/api/shifts/${shiftId}/blind-count`, { schema: shiftDetailSchema, body }),
    onSuccess: (counted) => queryClient.setQueryData(shiftKeys.detail(shiftId), counted),
    // Made already (another tab, a reload that lost the answer): the shift as it is, with the count kept.
    onError: () => queryClient.invalidateQueries({ queryKey: shiftKeys.detail(shiftId) }),
  });
}

export function useSignOffShift(shiftId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) =>
      apiClient.post(`/api/shifts/${shiftId}/sign-off`, {
        schema: shiftDetailSchema,
        body: note.trim() ? { note: note.trim() } : {},
      }),
    onSuccess: (signed) => {
      queryClient.setQueryData(shiftKeys.detail(shiftId), signed);
      return refreshAfterChange(queryClient);
    },
  });
}
