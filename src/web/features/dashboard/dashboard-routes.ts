import type { AreaRoutes } from '../../lib/area';
import { dashboardArea } from './dashboard-area';

export const dashboardRoutes: AreaRoutes = {
  ...dashboardArea,
  routes: ({ prefetch }) => [
    {
      index: true,
      // The data starts loading with the page's code, not after it has rendered. The query modules are
      // imported here, not at the top: this module is part of every first load (sign-in too).
      loader: () => {
        prefetch(async (queryClient) => {
          const [{ eventQueries }, { hallQueries }, { dashboardRange }] = await Promise.all([
            import('../../lib/queries/event-queries'),
            import('../../lib/queries/hall-queries'),
            import('./dashboard-range'),
          ]);
          void queryClient.prefetchQuery(eventQueries.sharedList(dashboardRange(new Date())));
          void queryClient.prefetchQuery(hallQueries.list());
        });
        return null;
      },
      lazy: async () => ({ Component: (await import('./dashboard-page')).DashboardPage }),
    },
  ],
};
