import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { fetchAllPages, type PageProgress } from '../../../lib/fetch-all-pages';
import { fetchOrderExportPage, orderKeys } from '../../../lib/queries/order-queries';
import type { OrderExport } from '../../../lib/schemas/order';
import { type AnalysisOrder, toAnalysisOrder } from './analysis-model';

export interface LoadedOrders {
  orders: AnalysisOrder[];
  /** `total` of the export: a complete load holds exactly this many. */
  total: number;
}

export const analysisKey = (since: string) => [...orderKeys.all, 'analysis', since] as const;

/** Pages in flight at once: enough to hide the latency of each page, few enough to stay polite. */
const CONCURRENCY = 6;

/**
 * Loads every order changed since `since` from the orders export (pages in parallel, retried when a page
 * fails for a moment) and keeps each as a flat AnalysisOrder. The load is a query: it is kept for a while
 * after leaving the page, stopped when nobody waits for it any more, and can be cancelled.
 */
export function useAnalysisLoad(since: string) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<PageProgress | null>(null);
  // The period whose load was cancelled: another period loads as usual.
  const [cancelledFor, setCancelledFor] = useState<string | null>(null);
  const cancelled = cancelledFor === since;
  // The load outlives a render; progress goes to whichever render is current.
  const report = useRef(setProgress);
  report.current = setProgress;

  const query = useQuery({
    queryKey: analysisKey(since),
    queryFn: async ({ signal }): Promise<LoadedOrders> => {
      report.current(null);
      const orders: AnalysisOrder[] = [];
      const result = await fetchAllPages<OrderExport>({
        pageUrl: (page) => String(page),
        fetchPage: (url, pageSignal) => fetchOrderExportPage(since, Number(url), pageSignal),
        concurrency: CONCURRENCY,
        collect: false,
        signal,
        onPage: (_page, rows) => {
          for (const row of rows) orders.push(toAnalysisOrder(row));
        },
        onProgress: (next) => report.current(next),
      });
      return { orders, total: result.total };
    },
    staleTime: 5 * 60_000,
    gcTime: 10 * 60_000,
    retry: false,
    refetchOnWindowFocus: false,
    enabled: !cancelled,
  });

  const cancel = useCallback(() => {
    setCancelledFor(since);
    void queryClient.cancelQueries({ queryKey: analysisKey(since) });
  }, [queryClient, since]);

  const reload = useCallback(() => {
    setCancelledFor(null);
    void queryClient.resetQueries({ queryKey: analysisKey(since) });
  }, [queryClient, since]);

  return { query, progress, cancelled, cancel, reload };
}
