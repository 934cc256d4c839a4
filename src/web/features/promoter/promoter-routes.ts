import type { AreaRoutes } from '../../lib/area';
import { promoterArea } from './promoter-area';

/**
 * A promoter's productions and each one's dashboard (issue 33 item 4): the area a person of a scoped role
 * works in, and open to anyone who reads reports. Pages load lazily.
 */
export const promoterRoutes: AreaRoutes = {
  ...promoterArea,
  routes: () => [
    {
      path: '/production-sales',
      lazy: async () => ({ Component: (await import('./productions-page')).ProductionsPage }),
    },
    {
      path: '/production-sales/:productionId',
      lazy: async () => ({ Component: (await import('./production-dashboard-page')).ProductionDashboardPage }),
    },
  ],
};
