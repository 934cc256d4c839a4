import type { AreaRoutes } from '../../lib/area';
import { salesPointsArea } from './sales-points-area';

/** The sales points' settings (administrators): their printers, cash drawer, payment methods and address range. */
export const salesPointsRoutes: AreaRoutes = {
  ...salesPointsArea,
  routes: ({ prefetch }) => [
    {
      path: '/sales-points',
      loader: () => {
        prefetch(async (client) => {
          const { salesPointQueries } = await import('./sales-point-queries');
          void client.prefetchQuery(salesPointQueries.list());
        });
        return null;
      },
      lazy: async () => ({ Component: (await import('./sales-points-page')).SalesPointsPage }),
    },
  ],
};
