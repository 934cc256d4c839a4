import type { AppCommand, AreaCommands } from '../../lib/area';
import { orderRefPath, parseOrderRef } from './order-ref';
import { ordersArea } from './orders-area';

/** Who opens an order's page (orders-routes.ts): the box office too, for the orders it works on. */
const ORDER_PAGE = ['orders:read', 'sales:sell'] as const;

/** "Open order 12345" / "Open the order with key …" for what is typed in the command palette. */
function orderSearchCommands(query: string): AppCommand[] {
  const ref = parseOrderRef(query);
  if (!ref) return [];
  const path = orderRefPath(ref);
  return [
    ref.kind === 'id'
      ? {
          id: `orders:open:${ref.id}`,
          requires: ORDER_PAGE,
          label: { nl: `Bestelling ${ref.id} openen`, en: `Open order ${ref.id}` },
          keywords: ['order', 'bestelling'],
          run: ({ navigate }) => void navigate(path),
        }
      : {
          id: `orders:open-key:${ref.key}`,
          requires: ORDER_PAGE,
          label: { nl: `Bestelling met sleutel ${ref.key} openen`, en: `Open the order with key ${ref.key}` },
          keywords: ['order', 'bestelling', 'key', 'sleutel'],
          run: ({ navigate }) => void navigate(path),
        },
  ];
}

/**
 * The orders in the command palette and the shortcuts overlay. Loads with them, on first use, not with the
 * shell (lib/area.ts).
 */
export const ordersCommands: AreaCommands = {
  area: ordersArea,
  description: { nl: 'Bestellingen, plaatsen en betalingen', en: 'Orders, seats and payments' },
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
  // A seller with a damaged barcode types the order's number or key (a scan of it opened the order, typing did not).
  searchRequires: ORDER_PAGE,
};
