import { IconReceipt } from '../../components/icons';
import type { AppArea, AppCommand } from '../../lib/area';
import { orderRefPath, parseOrderRef } from './order-ref';

/** "Open order 12345" / "Open the order with key …" for what is typed in the command palette. */
function orderSearchCommands(query: string): AppCommand[] {
  const ref = parseOrderRef(query);
  if (!ref) return [];
  const path = orderRefPath(ref);
  return [
    ref.kind === 'id'
      ? {
          id: `orders:open:${ref.id}`,
          label: { nl: `Bestelling ${ref.id} openen`, en: `Open order ${ref.id}` },
          keywords: ['order', 'bestelling'],
          run: ({ navigate }) => void navigate(path),
        }
      : {
          id: `orders:open-key:${ref.key}`,
          label: { nl: `Bestelling met sleutel ${ref.key} openen`, en: `Open the order with key ${ref.key}` },
          keywords: ['order', 'bestelling', 'key', 'sleutel'],
          run: ({ navigate }) => void navigate(path),
        },
  ];
}

/**
 * Orders: the list (newest first), an order's page, and the analysis of a period. Pages load lazily; this
 * module is part of every first load (see lib/area.ts), so it imports only the small order-ref helpers.
 */
export const ordersArea: AppArea = {
  id: 'orders',
  requires: ['orders:read'],
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
  nav: {
    path: '/orders',
    label: { nl: 'Bestellingen', en: 'Orders' },
    description: { nl: 'Bestellingen, plaatsen en betalingen', en: 'Orders, seats and payments' },
    icon: <IconReceipt />,
    goKey: 'o',
  },
  commands: [
    {
      id: 'orders:analysis',
      requires: ['reports:read'],
      label: { nl: 'Analyse van bestellingen', en: 'Order analysis' },
      description: {
        nl: 'Omzet, kosten en donaties per status, kanaal, voorstelling of dag',
        en: 'Revenue, fees and donations by status, channel, event or day',
      },
      keywords: ['analysis', 'analyse', 'omzet', 'revenue', 'rapportage', 'report'],
      run: ({ navigate }) => void navigate('/orders/analysis'),
    },
    {
      id: 'orders:open',
      label: { nl: 'Bestelling openen…', en: 'Open an order…' },
      description: {
        nl: 'Typ een bestelnummer of bestelsleutel in dit palet',
        en: 'Type an order number or order key in this palette',
      },
      keywords: ['order', 'bestelling', 'zoeken', 'find'],
      run: ({ navigate }) => void navigate('/orders'),
    },
  ],
  searchCommands: orderSearchCommands,
};
