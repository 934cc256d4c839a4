import { queryOptions } from '@tanstack/react-query';
import { apiClient } from '../../lib/api-client';
import { fetchAllPages } from '../../lib/fetch-all-pages';
import { waitingPageSchema } from './waiting-list-schema';

export const waitingListKeys = {
  all: ['waitingList'] as const,
  entries: () => [...waitingListKeys.all, 'entries'] as const,
};

export const waitingListQueries = {
  /**
   * The whole waiting list (the export endpoint filters only by date, spec 4.2): a venue's list is a few
   * hundred to a few thousand entries, loaded a few pages at a time, then filtered in the browser.
   */
  entries: () =>
    queryOptions({
      queryKey: waitingListKeys.entries(),
      queryFn: async ({ signal }) => {
        const { rows } = await fetchAllPages({
          pageUrl: (page) => apiClient.url('/partner/export/waitinglist', { page }),
          fetchPage: (url, pageSignal) => apiClient.post(url, { schema: waitingPageSchema, signal: pageSignal }),
          signal,
        });
        return rows;
      },
      // fetchAllPages already retries each page's transient failures; retrying the whole load on top of
      // that multiplied the attempts, and an unreachable server took about 20 s to be reported.
      retry: false,
      staleTime: 60_000,
    }),
};
