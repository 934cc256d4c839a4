import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import type { PagedExport } from './export-kinds';
import { exportPageSchema } from './export-page-schema';
import { type Watermark, WatermarkTracker } from './watermark';

export const exportKeys = {
  all: ['exports'] as const,
  counts: () => [...exportKeys.all, 'count'] as const,
  count: (clientName: string, path: string, since: string | null) =>
    [...exportKeys.counts(), clientName, path, since] as const,
};

export interface ExportCount {
  /** `total` of page 1: records the export would hold. */
  total: number;
  /** Of those, records the last download already held unchanged (they come again: changedSince is inclusive). */
  alreadyExported: number;
  /** The watermark's second held more records than page 1 shows: `alreadyExported` is then an estimate. */
  approximate: boolean;
}

/**
 * How big an export is, full or since a watermark: one page-1 request, whose `total` says it. The records
 * at the watermark's own second come first (ascending order) and are matched against the watermark, so
 * "changed since" counts only real changes (an estimate when that second holds more than a page).
 */
export const exportCountQuery = (clientName: string, definition: PagedExport, since: Watermark | null) =>
  queryOptions({
    queryKey: exportKeys.count(clientName, definition.path, since?.at ?? null),
    queryFn: async ({ signal }): Promise<ExportCount> => {
      const page = await apiClient.post(apiClient.url(definition.path, { changedSince: since?.at, page: 1 }), {
        schema: exportPageSchema,
        signal,
      });
      if (!since) return { total: page.total, alreadyExported: 0, approximate: false };
      const tracker = new WatermarkTracker(definition.timeField, since);
      const onFirstPage = page.data.filter((record) => tracker.observe(record)).length;
      // Unchanged, the watermark's records sort first: page 1 holds them all unless there are more than a page.
      if (tracker.previousBoundarySize < page.data.length || page.data.length === page.total) {
        return { total: page.total, alreadyExported: onFirstPage, approximate: false };
      }
      return {
        total: page.total,
        alreadyExported: Math.min(page.total, tracker.previousBoundarySize),
        approximate: true,
      };
    },
    staleTime: 10_000,
    refetchOnWindowFocus: true,
  });
