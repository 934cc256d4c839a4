import type { Cancellation, ReconciledOrder, Reconciliation } from '@/contract/shift';
import type { Queryable } from '../../db/database';
import { earlierDeskOrdersChangedIn } from '../mirror';
import { type OrderReader, pageReaching, type ServiceOrder } from './service-orders';
import { isWithdrawn } from './shift-math';
import { foyerCheckouts, type SaleRecord } from './shift-store';

/**
 * A shift compared with the service's orders: the desk sales of the shift's time that Foyer did not make,
 * the shift's own sales that changed after the sale, and the cancellations seen among them — from
 * `GET /partner/order?changedSince=<opening>` (newest first by date), read from the page where the shift's
 * end falls back to the page where its opening is passed.
 */

/** At most this many pages (100 orders each) are compared per shift; beyond it the result says "incomplete". */
export const MAX_RECONCILIATION_PAGES = 50;
/** At most this many earlier desk sales changed during a shift are looked at (a shift's worth, many times over). */
const MAX_EARLIER_SALES = 500;
/** The service's clock may be a little behind the gateway's: read this much before the opening too. */
const CLOCK_MARGIN_MS = 2 * 60_000;

export interface ShiftWindow {
  shiftId: number;
  organisationId: number;
  sellerId: number;
  openedAt: string;
  closedAt: string | null;
}

/** Every order changed since the opening whose date lies in the shift's time (give or take the margin). */
export async function ordersOfShiftTime(
  reader: OrderReader,
  window: ShiftWindow,
  now: Date,
): Promise<{ orders: ServiceOrder[]; complete: boolean }> {
  const opened = Date.parse(window.openedAt);
  const end = (window.closedAt ? Date.parse(window.closedAt) : now.getTime()) + CLOCK_MARGIN_MS;
  const since = new Date(opened - CLOCK_MARGIN_MS).toISOString();
  let { page, orders, lastPage } = await pageReaching(reader, since, end);
  const seen: ServiceOrder[] = [];
  let pagesRead = 0;
  for (;;) {
    pagesRead += 1;
    seen.push(...orders);
    const oldest = Date.parse(orders[orders.length - 1]?.orderDate ?? '');
    if (orders.length === 0 || page >= lastPage || oldest < opened - CLOCK_MARGIN_MS) {
      return { orders: seen, complete: true };
    }
    if (pagesRead >= MAX_RECONCILIATION_PAGES) return { orders: seen, complete: false };
    page += 1;
    ({ orders, lastPage } = await reader.orderPage(since, page));
  }
}

const SETTLED_FROM = new Set(['res', 'ord']);
const UNPAID = new Set(['none', 'pending']);

/**
 * Whether an order's move since the sale is something to look at. Paying (an online payment completing, an
 * invoice being paid) is how a sale is meant to go on; anything else — cancelled, payment status moved
 * another way, the amount changed — is listed.
 */
export function changedSinceSale(sale: SaleRecord, now: ServiceOrder): boolean {
  if (sale.amountCents !== null && now.amountCents !== sale.amountCents) return true;
  if (sale.statusAtSale === null || sale.paymentStatusAtSale === null) return false;
  if (now.orderStatus === sale.statusAtSale && now.paymentStatus === sale.paymentStatusAtSale) return false;
  const paid = now.orderStatus === 'ord' && now.paymentStatus === 'paid';
  return !(paid && SETTLED_FROM.has(sale.statusAtSale) && UNPAID.has(sale.paymentStatusAtSale));
}

const isCancelled = (order: ServiceOrder) => order.orderStatus === 'cancel' || order.orderStatus === 'trash';

/** What an order shows of a cancellation or refund, if anything. */
export function cancellationOf(order: ServiceOrder, ofThisShift: boolean): Cancellation | null {
  const base = {
    orderId: order.orderId,
    orderStatus: order.orderStatus,
    paymentStatus: order.paymentStatus,
    method: order.method || null,
    ofThisShift,
  };
  if (isCancelled(order)) return { ...base, kind: 'cancelled', amountCents: order.amountCents };
  if (order.paymentStatus === 'cancelled')
    return { ...base, kind: 'payment-cancelled', amountCents: order.amountCents };
  const removed = order.deletedSeats ?? [];
  if (removed.length > 0) {
    return { ...base, kind: 'seats-removed', amountCents: removed.reduce((sum, seat) => sum + seat.amountCents, 0) };
  }
  return null;
}

const stateOf = (order: ServiceOrder) => ({
  orderStatus: order.orderStatus,
  paymentStatus: order.paymentStatus,
  amountCents: order.amountCents,
});

/** The orders Foyer checked out (by anyone), and those of them this seller sold while no shift of theirs took them. */
async function foyerSales(
  db: Queryable,
  window: ShiftWindow,
  orderIds: readonly number[],
): Promise<{ madeInFoyer: Set<number>; bySellerWithoutShift: Set<number> }> {
  const checkouts = await foyerCheckouts(db, window.organisationId, orderIds);
  const madeInFoyer = new Set(checkouts.map((checkout) => checkout.orderId));
  const bySellerWithoutShift = new Set(
    checkouts
      .filter((checkout) => !checkout.inShift && checkout.accountId === window.sellerId)
      .map((checkout) => checkout.orderId),
  );
  return { madeInFoyer, bySellerWithoutShift };
}

/**
 * Desk sales dated before the shift whose last change falls in it — a refund at the desk of an earlier sale
 * shows as one — from the mirror, which holds every order: the service's order list would have to be walked
 * back from the shift's time through every older page to find them. As fresh as the mirror (its interval).
 */
async function earlierDeskSalesChanged(
  db: Queryable,
  organisationId: number,
  opened: number,
  closed: number,
): Promise<ServiceOrder[]> {
  const window = { from: new Date(opened), to: Number.isFinite(closed) ? new Date(closed) : null };
  const orders = await earlierDeskOrdersChangedIn(db, organisationId, window, MAX_EARLIER_SALES);
  return orders.map(({ paymentMethod, removedLines, ...order }) => ({
    ...order,
    method: paymentMethod,
    channel: 'sp',
    seats: null,
    deletedSeats: removedLines,
  }));
}

const otherOrder = (order: ServiceOrder, kind: ReconciledOrder['kind']): ReconciledOrder => ({
  orderId: order.orderId,
  kind,
  orderDate: order.orderDate,
  method: order.method || null,
  now: stateOf(order),
  atSale: null,
});

/**
 * Of the desk sales of the shift's time that are not its own: those Foyer did not make, and those the seller
 * made through Foyer while no shift of theirs took them.
 */
async function otherDeskSales(
  db: Queryable,
  window: ShiftWindow,
  deskOrders: readonly ServiceOrder[],
): Promise<Pick<Reconciliation, 'outsideFoyer' | 'withoutShift'>> {
  const foyer = await foyerSales(
    db,
    window,
    deskOrders.map((order) => order.orderId),
  );
  return {
    outsideFoyer: deskOrders
      .filter((order) => !foyer.madeInFoyer.has(order.orderId))
      .map((order) => otherOrder(order, 'outside-foyer')),
    withoutShift: deskOrders
      .filter((order) => foyer.bySellerWithoutShift.has(order.orderId))
      .map((order) => otherOrder(order, 'without-shift')),
  };
}

/** The shift's own sales against the orders as the service has them now: what changed, and what was cancelled. */
function ownSalesCompared(
  sales: readonly SaleRecord[],
  orders: readonly ServiceOrder[],
  complete: boolean,
): { changed: ReconciledOrder[]; cancellations: Cancellation[] } {
  const byId = new Map(orders.map((order) => [order.orderId, order]));
  const changed: ReconciledOrder[] = [];
  const cancellations: Cancellation[] = [];
  for (const sale of sales) {
    const current = byId.get(sale.orderId);
    const atSale = {
      orderStatus: sale.statusAtSale,
      paymentStatus: sale.paymentStatusAtSale,
      amountCents: sale.amountCents,
    };
    if (!current) {
      // Every sale of the shift changed since its opening; only a complete read can say one is gone.
      if (complete) {
        changed.push({
          orderId: sale.orderId,
          kind: 'missing',
          orderDate: null,
          method: sale.method,
          now: null,
          atSale,
        });
      }
      continue;
    }
    if (changedSinceSale(sale, current)) {
      changed.push({
        orderId: sale.orderId,
        kind: 'changed',
        orderDate: current.orderDate,
        method: current.method || sale.method,
        now: stateOf(current),
        atSale,
      });
    }
    // A payment link cancelled before it was paid refunds nothing: the totals leave the sale out (withdrawn).
    if (isWithdrawn(sale.tender, current)) continue;
    const cancellation = cancellationOf(current, true);
    if (cancellation) cancellations.push(cancellation);
  }
  return { changed, cancellations };
}

/** Compares a shift's sales with the service's orders of the shift's time. */
export async function reconcileShift(
  db: Queryable,
  reader: OrderReader,
  window: ShiftWindow,
  sales: readonly SaleRecord[],
  now = new Date(),
): Promise<Reconciliation> {
  const { orders, complete } = await ordersOfShiftTime(reader, window, now);
  // The service's datetimes have whole seconds: the window is widened to the seconds it touches.
  const opened = Math.floor(Date.parse(window.openedAt) / 1000) * 1000;
  const closed = window.closedAt ? Math.ceil(Date.parse(window.closedAt) / 1000) * 1000 : Number.POSITIVE_INFINITY;
  const ownSales = new Map(sales.map((sale) => [sale.orderId, sale]));
  // Desk sales (channel sp) dated in the shift's time that are not the shift's own.
  const deskOrders = orders.filter((order) => {
    const at = Date.parse(order.orderDate);
    return order.channel === 'sp' && at >= opened && at <= closed && !ownSales.has(order.orderId);
  });
  const { outsideFoyer, withoutShift } = await otherDeskSales(db, window, deskOrders);
  const { changed, cancellations } = ownSalesCompared(sales, orders, complete);
  for (const order of deskOrders) {
    const cancellation = cancellationOf(order, false);
    if (cancellation) cancellations.push(cancellation);
  }
  const listed = new Set(cancellations.map((entry) => entry.orderId));
  for (const order of await earlierDeskSalesChanged(db, window.organisationId, opened, closed)) {
    const cancellation = cancellationOf(order, false);
    if (cancellation && !listed.has(order.orderId)) cancellations.push({ ...cancellation, soldBefore: true });
  }
  return {
    checkedAt: now.toISOString(),
    complete,
    ordersCompared: orders.length,
    outsideFoyer,
    changed,
    withoutShift,
    cancellations,
  };
}
