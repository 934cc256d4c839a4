import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type PrintingStatus,
  type PrintLocale,
  printingStatusSchema,
  printJobSchema,
  printJobsAnswerSchema,
} from '@/contract/printing';
import { apiClient } from '../../lib/api-client';

export const printingKeys = {
  all: ['printing'] as const,
  status: () => [...printingKeys.all, 'status'] as const,
};

/**
 * While a job is on its way the chip looks again soon; otherwise now and then, as a printer may come back. Without a
 * sales point nothing is printed here, so nothing is polled: opening or closing a shift refreshes the status
 * (`refreshPrintingStatus`, called by the shifts feature).
 */
const BUSY_POLL_MS = 700;
const IDLE_POLL_MS = 5_000;

const busy = (status: PrintingStatus | undefined) =>
  status?.jobs.some((job) => job.status === 'queued' || job.status === 'sending') ?? false;

export const printingQueries = {
  /** The seller's sales point, its printers' state and its latest jobs. */
  status: () =>
    queryOptions({
      queryKey: printingKeys.status(),
      queryFn: ({ signal }) => apiClient.get('/api/printing/status', { schema: printingStatusSchema, signal }),
      refetchInterval: (query) => {
        if (query.state.data?.salesPoint === null) return false;
        return busy(query.state.data) ? BUSY_POLL_MS : IDLE_POLL_MS;
      },
    }),
};

/** A shift was opened or closed: the seller's sales point, and with it the printers, may have changed. */
export function refreshPrintingStatus(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: printingKeys.status() });
}

function useAfterPrint() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: printingKeys.status() });
}

/** A sale's receipt and tickets to the sales point's printers (a second time: a reprint, marked as one). */
export function usePrintOrder() {
  const afterPrint = useAfterPrint();
  return useMutation({
    mutationFn: ({
      orderId,
      locale,
      documents,
      receivedCents,
    }: {
      orderId: number;
      locale: PrintLocale;
      /** What to print: both when absent; without the one whose printer this browser cannot reach. */
      documents?: readonly ('receipt' | 'tickets')[];
      /** The cash handed over, when the seller typed it: the receipt shows it and the change. */
      receivedCents?: number | null;
    }) =>
      apiClient.post(`/api/printing/orders/${orderId}`, {
        schema: printJobsAnswerSchema,
        body: {
          locale,
          ...(documents ? { documents } : {}),
          ...(receivedCents !== null && receivedCents !== undefined ? { receivedCents } : {}),
        },
      }),
    onSettled: afterPrint,
  });
}

export function useRetryPrintJob() {
  const afterPrint = useAfterPrint();
  return useMutation({
    mutationFn: (jobId: number) =>
      apiClient.post(`/api/printing/jobs/${jobId}/retry`, { schema: printJobSchema, body: {} }),
    onSettled: afterPrint,
  });
}

/** Opens the drawer: "no sale" with its reason, or to count it at cash-up. */
export function useOpenDrawer() {
  const afterPrint = useAfterPrint();
  return useMutation({
    mutationFn: (request: { reason: 'no-sale'; note: string } | { reason: 'cash-up' }) =>
      request.reason === 'no-sale'
        ? apiClient.post('/api/printing/no-sale', { schema: printJobSchema, body: { reason: request.note } })
        : apiClient.post('/api/printing/cash-up', { schema: printJobSchema, body: {} }),
    onSettled: afterPrint,
  });
}

/** The payment method the seller's sales point offers first (null: none set, or no sales point). */
export function useSalesPointDefaultMethod(): number | null {
  const status = useQuery(printingQueries.status());
  return status.data?.salesPoint?.paymentMethodIds[0] ?? null;
}
