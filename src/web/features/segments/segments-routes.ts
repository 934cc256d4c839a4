import type { AreaRoutes } from '../../lib/area';
import { segmentsArea } from './segments-area';

/**
 * Segments of customers (issue 30, item 1), under /customers. Pages load lazily; this module is part of every
 * first load, so it imports nothing heavy.
 */
export const segmentsRoutes: AreaRoutes = {
  ...segmentsArea,
  routes: () => [
    {
      path: '/customers/segments',
      lazy: async () => ({ Component: (await import('./segment-list-page')).SegmentListPage }),
    },
    {
      path: '/customers/segments/new',
      lazy: async () => ({ Component: (await import('./segment-page')).SegmentPage }),
    },
    {
      path: '/customers/segments/:segmentId',
      lazy: async () => ({ Component: (await import('./segment-page')).SegmentPage }),
    },
  ],
};
