import type { AreaRoutes } from '../../lib/area';
import { exportsArea } from './exports-area';

/**
 * Exports for CRM sync and the waiting list (issue 8, items 4–5). Pages load lazily; this module loads with
 * every area's routes (lib/area.ts), so it imports nothing heavy.
 */
export const exportsRoutes: AreaRoutes = {
  ...exportsArea,
  routes: () => [
    {
      path: '/exports',
      lazy: async () => ({ Component: (await import('./exports-page')).ExportsPage }),
    },
    {
      path: '/waiting-list',
      handle: { requires: ['exports:run'] },
      lazy: async () => ({ Component: (await import('./waiting-list-page')).WaitingListPage }),
    },
  ],
};
