import { isAwaitingOnlinePayment, isReservation } from '@/contract/open-orders';
import { foldForSearch } from '../../lib/fold-for-search';
import type { OrderExport } from '../../lib/schemas/order';

/**
 * The reservations queue: orders in status `res` by their `timeOut`, soonest first, and the webshop's orders
 * still awaiting payment. Pure (time passed in), so ordering and the countdown are tested without timers.
 */

const timeOutMs = (order: Pick<OrderExport, 'timeOut'>) => {
  const value = order.timeOut ? Date.parse(order.timeOut) : Number.NaN;
  return Number.isNaN(value) ? Number.POSITIVE_INFINITY : value;
};

/** Orders in status `res`, soonest `timeOut` first; without a timeOut last; equal ones by order number. */
export function reservationsOf(orders: readonly OrderExport[]): OrderExport[] {
  return dedupe(orders)
    .filter(isReservation)
    .sort((a, b) => timeOutMs(a) - timeOutMs(b) || a.orderId - b.orderId);
}

/**
 * The queue split at `now`: the running reservations, soonest timeOut first (those without one last), and
 * the lapsed ones, the most recently lapsed first (the ones still worth a call). A venue's lapsed
 * reservations can number thousands, and would otherwise bury the running ones.
 */
export function reservationQueue(
  orders: readonly OrderExport[],
  now: number,
): { running: OrderExport[]; expired: OrderExport[] } {
  const all = reservationsOf(orders);
  const expired = all.filter((order) => timeOutMs(order) <= now);
  return { running: all.filter((order) => timeOutMs(order) > now), expired: expired.reverse() };
}

/**
 * Webshop orders still awaiting payment (`none` or `pending`), oldest first (the longest wait first);
 * reservations are left out here (they are in the queue above), and so are cancelled orders.
 */
export function awaitingOnlinePaymentOf(orders: readonly OrderExport[]): OrderExport[] {
  return dedupe(orders)
    .filter(isAwaitingOnlinePayment)
    .sort((a, b) => Date.parse(a.orderDate) - Date.parse(b.orderDate) || a.orderId - b.orderId);
}

/** An order changed while the pages were read can be on two of them: keep its first (newest) copy. */
function dedupe(orders: readonly OrderExport[]): OrderExport[] {
  const seen = new Set<number>();
  return orders.filter((order) => {
    if (seen.has(order.orderId)) return false;
    seen.add(order.orderId);
    return true;
  });
}

export type TimeLeft =
  | { expired: true }
  | { expired: false; none: true }
  | { expired: false; none: false; text: string };

/** `2d 03:04:05`, `03:04:05`: what is left until `timeOut`, whole seconds rounded up; `expired` once past. */
export function timeLeft(timeOut: string | null, now: number): TimeLeft {
  const end = timeOut ? Date.parse(timeOut) : Number.NaN;
  if (Number.isNaN(end)) return { expired: false, none: true };
  const left = end - now;
  if (left <= 0) return { expired: true };
  const seconds = Math.ceil(left / 1000);
  const days = Math.floor(seconds / 86_400);
  const two = (value: number) => String(value).padStart(2, '0');
  const clock = `${two(Math.floor((seconds % 86_400) / 3600))}:${two(Math.floor((seconds % 3600) / 60))}:${two(seconds % 60)}`;
  return { expired: false, none: false, text: days > 0 ? `${days}d ${clock}` : clock };
}

/**
 * Whether an order is one the desk searched for: every word of `search` in its number, its key, or its customer's
 * name, email or number, without regard to case or accents ("de vries 1042", "jansen@"). An empty search is all.
 */
export function matchesOrderSearch(order: OrderExport, search: string): boolean {
  const words = foldForSearch(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const user = order.user;
  const text = foldForSearch(
    [
      order.orderId,
      order.orderKey,
      order.customerId ?? '',
      user ? [user.customerFirstName, user.customerPreposition, user.customerLastName, user.email].join(' ') : '',
    ].join(' '),
  );
  return words.every((word) => text.includes(word));
}
