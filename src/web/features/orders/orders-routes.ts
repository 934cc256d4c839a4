import type { AreaRoutes } from '../../lib/area';
import { parseOrderRef } from './order-ref';
import { ordersArea } from './orders-area';

/**
 * Orders: the list (newest first), an order's page, and the analysis of a period. Pages load lazily; this
 * module loads with every area's routes (see lib/area.ts), so it imports only the small order-ref helpers.
 */
export const ordersRoutes: AreaRoutes = {
  ...ordersArea,
  routes: ({ prefetch }) => [
    {
      path: '/orders',
      lazy: async () => ({ Component: (await import('./orders-list-page')).OrdersListPage }),
    },
    {
      path: '/orders/analysis',
      handle: { requires: ['reports:read'] },
      lazy: async () => ({ Component: (await import('./analysis/analysis-page')).AnalysisPage }),
    },
    {
      path: '/orders/:orderRef',
      // The box office opens the orders it works on (a sale, a reservation) without the order list.
      handle: { requires: ['orders:read', 'sales:sell'] },
      loader: ({ params }) => {
        const ref = parseOrderRef(params.orderRef ?? '');
        if (ref?.kind === 'id') {
          prefetch(async (queryClient) => {
            const { orderQueries } = await import('../../lib/queries/order-queries');
            void queryClient.prefetchQuery(orderQueries.detail(ref.id));
          });
        }
        return null;
      },
      lazy: async () => ({ Component: (await import('./order-route-page')).OrderRoutePage }),
    },
  ],
};
