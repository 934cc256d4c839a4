import { UpstreamUnavailableError } from '../errors';
import type { UpstreamClient } from '../upstream';

/**
 * What the shifts read from the Ticketing Service, with the organisation's key, in the gateway's own name
 * (not the person's: a seller may not list orders, yet their shift is reconciled with the order list).
 * Parsed leniently, as the app does: a real service may send decimals as strings.
 */

/** An order as the shifts need it: money in cents, lines per performance. */
export interface ServiceOrder {
  orderId: number;
  orderStatus: string;
  paymentStatus: string;
  orderDate: string;
  lastChanged: string;
  amountCents: number;
  donationCents: number;
  /** handlingTextPayment: the payment method's label. */
  method: string;
  /** Export fields, present on `GET /partner/order` and absent on `GET /partner/order/{id}`. */
  feeCents: number | null;
  channel: string | null;
  seats: { eventId: number; amountCents: number }[] | null;
  deletedSeats: { eventId: number; amountCents: number }[] | null;
}

export interface OrderPage {
  orders: ServiceOrder[];
  lastPage: number;
}

export interface OrderReader {
  /** `GET /partner/order/{id}`; null when the service does not know it. */
  order(orderId: number): Promise<ServiceOrder | null>;
  /** One page of `GET /partner/order?changedSince=…` (newest first by orderDate). */
  orderPage(changedSince: string, page: number): Promise<OrderPage>;
  /** A performance's name and start, or null when it cannot be read. */
  event(eventId: number): Promise<{ name: string; start: string | null } | null>;
}

const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

/** A decimal (number or numeric string) in cents; null when it is not one. */
export function centsOf(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? Math.round(n * 100) : null;
}

const intOf = (value: unknown): number | null => {
  const n = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) ? n : null;
};

const text = (value: unknown): string => (typeof value === 'string' ? value : value == null ? '' : String(value));

function seatsOf(value: unknown): ServiceOrder['seats'] {
  if (!Array.isArray(value)) return null;
  return value.map((seat) => {
    const fields = record(seat);
    return { eventId: intOf(fields.eventId) ?? 0, amountCents: centsOf(fields.amount) ?? 0 };
  });
}

export function serviceOrderOf(value: unknown): ServiceOrder | null {
  const fields = record(value);
  const orderId = intOf(fields.orderId);
  if (orderId === null) return null;
  const hasExport = 'orderChannel' in fields || 'fee' in fields || 'seats' in fields;
  return {
    orderId,
    orderStatus: text(fields.orderStatus),
    paymentStatus: text(fields.orderPaymentStatus),
    orderDate: text(fields.orderDate),
    lastChanged: text(fields.lastChanged),
    amountCents: centsOf(fields.amount) ?? 0,
    donationCents: centsOf(fields.donation ?? fields.orderDonation) ?? 0,
    method: text(fields.handlingTextPayment),
    feeCents: hasExport ? (centsOf(fields.fee) ?? 0) : null,
    channel: hasExport ? text(fields.orderChannel) : null,
    seats: hasExport ? (seatsOf(fields.seats) ?? []) : null,
    deletedSeats: hasExport ? (seatsOf(fields.deletedSeats) ?? []) : null,
  };
}

/** The reader of an organisation's orders, through its upstream client (failures: `UpstreamUnavailableError`). */
export function orderReader(upstream: UpstreamClient): OrderReader {
  const get = (path: string, missingOk: boolean) =>
    upstream.read('GET', path, { missing: missingOk ? 'null' : 'fail' });

  return {
    async order(orderId) {
      return serviceOrderOf(await get(`/partner/order/${orderId}`, true));
    },
    async orderPage(changedSince, page) {
      const body = record(
        await get(`/partner/order?changedSince=${encodeURIComponent(changedSince)}&page=${page}`, false),
      );
      const data = Array.isArray(body.data) ? body.data : [];
      return {
        orders: data.flatMap((entry) => serviceOrderOf(entry) ?? []),
        lastPage: Math.max(1, intOf(body.last_page) ?? 1),
      };
    },
    async event(eventId) {
      try {
        const fields = record(await get(`/partner/event/${eventId}`, true));
        return typeof fields.eventName === 'string'
          ? { name: fields.eventName, start: typeof fields.start === 'string' ? fields.start : null }
          : null;
      } catch (error) {
        // The service answered, but not with it: the performance stays unnamed.
        if (error instanceof UpstreamUnavailableError && error.upstreamStatus !== null) return null;
        throw error;
      }
    },
  };
}

const momentOf = (iso: string) => Date.parse(iso);

/**
 * The page of `GET /partner/order?changedSince=…` (newest first by orderDate) on which orders dated `moment`
 * or earlier begin: page 1 when the first page reaches back that far, else found by halving the pages, so an
 * old moment costs a few reads however many orders changed since. Returns the page number and its orders.
 */
export async function pageReaching(
  reader: OrderReader,
  changedSince: string,
  moment: number,
): Promise<{ page: number; orders: ServiceOrder[]; lastPage: number }> {
  const first = await reader.orderPage(changedSince, 1);
  const oldest = (orders: ServiceOrder[]) => momentOf(orders[orders.length - 1]?.orderDate ?? '');
  if (first.orders.length === 0 || !(oldest(first.orders) > moment)) return { page: 1, ...first };
  // Invariant: the pages before `low` all end after the moment; `high` reaches it (or is the last page).
  let low = 2;
  let high = first.lastPage;
  let found: { page: number; orders: ServiceOrder[]; lastPage: number } | null = null;
  while (low <= high) {
    const middle = Math.floor((low + high) / 2);
    const candidate = await reader.orderPage(changedSince, middle);
    if (candidate.orders.length > 0 && oldest(candidate.orders) > moment) {
      low = middle + 1;
    } else {
      found = { page: middle, ...candidate };
      high = middle - 1;
    }
  }
  return found ?? { page: first.lastPage + 1, orders: [], lastPage: first.lastPage };
}
