import type { AreaRoutes } from '../../lib/area';

/**
 * A promoter's productions and each one's dashboard (issue 33 item 4): the area a person of a scoped role
 * works in, and open to anyone who reads reports. Pages load lazily.
 */
export const promoterRoutes: AreaRoutes = {
  id: 'productions',
  requires: ['reports:read'],
  withinScope: true,
  home: '/productions',
  routes: () => [
    {
      path: '/productions',
      lazy: async () => ({ Component: (await import('./productions-page')).ProductionsPage }),
    },
    {
      path: '/productions/:productionId',
      lazy: async () => ({ Component: (await import('./production-dashboard-page')).ProductionDashboardPage }),
    },
  ],
};
