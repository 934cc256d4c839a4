import { useQuery } from '@tanstack/react-query';
import { deskQueries } from '../../lib/queries/desk-queries';
import { orderQueries } from '../../lib/queries/order-queries';
import type { Order, OrderExport } from '../../lib/schemas/order';
import { useCan } from '../../lib/use-can';

/**
 * The export row of this order: the seats, the channel, the fee and the customer (see find-order-in-export.ts).
 * Whoever may not run the orders export (the box office) reads the seats from the desk's print data, which the
 * gateway gives a seller for orders sold in Foyer (without the customer).
 */
export function useOrderLines(order: Order | undefined) {
  const mayExport = useCan('exports:run', 'reports:read');
  const fromExport = useQuery({
    ...orderQueries.lines({ orderId: order?.orderId ?? 0, lastChanged: order?.lastChanged ?? '' }),
    enabled: Boolean(order) && mayExport,
  });
  const fromDesk = useQuery({
    ...deskQueries.printData(order?.orderId ?? 0),
    enabled: Boolean(order) && !mayExport,
    select: (data): OrderExport | null => (data.seatsFound ? data.order : null),
  });
  return mayExport ? fromExport : fromDesk;
}
