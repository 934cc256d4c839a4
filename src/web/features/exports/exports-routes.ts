import type { AreaRoutes } from '../../lib/area';

/**
 * Exports for CRM sync and the waiting list (issue 8, items 4–5). Pages load lazily; this module is part of
 * every first load, so it imports nothing heavy.
 */
export const exportsRoutes: AreaRoutes = {
  id: 'exports',
  requires: ['exports:run', 'customers:read'],
  home: '/exports',
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
