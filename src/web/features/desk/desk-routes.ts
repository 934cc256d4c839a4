import type { AreaRoutes } from '../../lib/area';
import { deskArea } from './desk-area';

/**
 * The desk: an order's print view (tickets and receipt, A4 or 80 mm) and the reservations queue. Part of every
 * first load (lib/area.ts): pages load lazily.
 *
 * Who may: the box office (sales:sell) and whoever reads orders or reports. Both pages read the gateway's
 * narrow desk routes, which send a seller only the desk's own: the print data of orders sold in Foyer, the
 * reservations without the webshop's orders awaiting payment (src/server/gateway/desk/desk-routes.ts).
 */
export const deskRoutes: AreaRoutes = {
  ...deskArea,
  routes: ({ prefetch }) => [
    {
      path: '/reservations',
      lazy: async () => ({ Component: (await import('./reservations-page')).ReservationsPage }),
    },
    {
      path: '/orders/:orderId/print',
      loader: ({ params }) => {
        const orderId = Number(params.orderId);
        if (Number.isInteger(orderId) && orderId > 0) {
          prefetch(async (queryClient) => {
            const { deskQueries } = await import('../../lib/queries/desk-queries');
            void queryClient.prefetchQuery(deskQueries.printData(orderId));
          });
        }
        return null;
      },
      lazy: async () => ({ Component: (await import('./print-page')).PrintPage }),
    },
  ],
};
