import type { AppArea } from '../../app/area';
import { IconCalendar } from '../../components/icons';

/**
 * The desk: an order's print view (tickets and receipt, A4 or 80 mm) and the reservations queue. Part of every
 * first load (app/area.ts): pages load lazily.
 *
 * Who may: the queue reads `GET /partner/order`, which the gateway allows to orders:read and reports:read only,
 * so the queue is for orders:read (not the box-office role). The print view reads an order's seats from the
 * orders export (`GET /partner/order/{id}` has none), which the gateway allows to exports:run and reports:read.
 */
export const deskArea: AppArea = {
  id: 'desk',
  requires: ['orders:read'],
  routes: ({ prefetch }) => [
    {
      path: '/reservations',
      lazy: async () => ({ Component: (await import('./reservations-page')).ReservationsPage }),
    },
    {
      path: '/orders/:orderId/print',
      handle: { requires: ['reports:read', 'exports:run'] },
      loader: ({ params }) => {
        const orderId = Number(params.orderId);
        if (Number.isInteger(orderId) && orderId > 0) {
          prefetch(async (queryClient) => {
            const { orderQueries } = await import('../../lib/queries/order-queries');
            void queryClient.prefetchQuery(orderQueries.detail(orderId));
          });
        }
        return null;
      },
      lazy: async () => ({ Component: (await import('./print-page')).PrintPage }),
    },
  ],
  nav: {
    path: '/reservations',
    label: { nl: 'Reserveringen', en: 'Reservations' },
    description: {
      nl: 'Reserveringen op volgorde van verloop, en online bestellingen die op betaling wachten',
      en: 'Reservations by expiry, and online orders awaiting payment',
    },
    icon: <IconCalendar />,
    goKey: 'r',
  },
};
