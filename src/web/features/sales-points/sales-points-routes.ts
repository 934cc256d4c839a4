import type { AreaRoutes } from '../../lib/area';

/** The sales points' settings (administrators): their printers, cash drawer, payment methods and address range. */
export const salesPointsRoutes: AreaRoutes = {
  id: 'sales-points',
  requires: ['sales-points:manage'],
  home: '/sales-points',
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
