import type { OrderExport } from '../../../lib/schemas/order';
import { customerName } from '../../../lib/schemas/order';

/**
 * An order as the analysis keeps it: flat, with what filtering, sorting, grouping and the CSV need and
 * nothing more (no customer record, no seat list), so 50,000 of them stay small and fast to scan.
 */
export interface AnalysisOrder {
  orderId: number;
  orderKey: string;
  orderDate: string;
  dateMs: number;
  /** The venue's calendar day: the date part of the ISO datetime, which the service gives in client time. */
  day: string;
  lastChanged: string;
  status: string;
  payment: string;
  channel: string;
  method: string;
  /** Cents, so that sums are exact. */
  amountCents: number;
  feeCents: number;
  donationCents: number;
  seatCount: number;
  customerId: number | null;
  customer: string;
  email: string;
  /** Lower-cased id, key, name and email, for the text search. */
  searchText: string;
  /** Each event this order has (not deleted) seats in, and the cents of those seats. */
  eventIds: number[];
  eventCents: number[];
}

const toCents = (amount: number) => Math.round(amount * 100);

export function toAnalysisOrder(row: OrderExport): AnalysisOrder {
  const eventIds: number[] = [];
  const eventCents: number[] = [];
  for (const seat of row.seats) {
    const at = eventIds.indexOf(seat.eventId);
    if (at === -1) {
      eventIds.push(seat.eventId);
      eventCents.push(toCents(seat.amount));
    } else {
      eventCents[at] = (eventCents[at] ?? 0) + toCents(seat.amount);
    }
  }
  const customer = row.user ? customerName(row.user) : '';
  const email = row.user?.email ?? '';
  return {
    orderId: row.orderId,
    orderKey: row.orderKey,
    orderDate: row.orderDate,
    dateMs: Date.parse(row.orderDate),
    day: row.orderDate.slice(0, 10),
    lastChanged: row.lastChanged,
    status: row.orderStatus,
    payment: row.orderPaymentStatus,
    channel: row.orderChannel,
    method: row.handlingTextPayment,
    amountCents: toCents(row.amount),
    feeCents: toCents(row.fee),
    donationCents: toCents(row.donation),
    seatCount: row.seats.length,
    customerId: row.customerId,
    customer,
    email,
    searchText: `${row.orderId} ${row.orderKey} ${customer} ${email}`.toLocaleLowerCase(),
    eventIds,
    eventCents,
  };
}

export const GROUPS = ['none', 'status', 'payment', 'channel', 'method', 'event', 'day'] as const;
export type Grouping = (typeof GROUPS)[number];
export const SORTS = ['date-desc', 'date-asc', 'amount-desc', 'amount-asc', 'id'] as const;
export type SortOrder = (typeof SORTS)[number];

export interface AnalysisFilters {
  status: string;
  payment: string;
  channel: string;
  method: string;
  /** An event id, or null for all. */
  event: number | null;
  /** `YYYY-MM-DD`, or '' for all days. */
  day: string;
  text: string;
}

export const NO_FILTERS: AnalysisFilters = {
  status: '',
  payment: '',
  channel: '',
  method: '',
  event: null,
  day: '',
  text: '',
};

export function hasFilters(filters: AnalysisFilters): boolean {
  return Boolean(
    filters.status ||
      filters.payment ||
      filters.channel ||
      filters.method ||
      filters.event !== null ||
      filters.day ||
      filters.text.trim(),
  );
}

export interface Totals {
  orders: number;
  revenueCents: number;
  feeCents: number;
  donationCents: number;
}

export interface GroupTotals extends Totals {
  key: string;
}
