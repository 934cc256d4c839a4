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

/**
 * One pass over the orders, keeping their order; each filter that is set must hold. Without filters the
 * same array comes back (callers treat it as read-only).
 */
export function filterOrders(orders: readonly AnalysisOrder[], filters: AnalysisFilters): readonly AnalysisOrder[] {
  const text = filters.text.trim().toLocaleLowerCase();
  const { status, payment, channel, method, event, day } = filters;
  if (!hasFilters(filters)) return orders;
  const result: AnalysisOrder[] = [];
  for (const order of orders) {
    if (status && order.status !== status) continue;
    if (payment && order.payment !== payment) continue;
    if (channel && order.channel !== channel) continue;
    if (method && order.method !== method) continue;
    if (day && order.day !== day) continue;
    if (event !== null && !order.eventIds.includes(event)) continue;
    if (text && !order.searchText.includes(text)) continue;
    result.push(order);
  }
  return result;
}

const COMPARATORS: Record<SortOrder, (a: AnalysisOrder, b: AnalysisOrder) => number> = {
  'date-desc': (a, b) => b.dateMs - a.dateMs || b.orderId - a.orderId,
  'date-asc': (a, b) => a.dateMs - b.dateMs || a.orderId - b.orderId,
  'amount-desc': (a, b) => b.amountCents - a.amountCents || b.orderId - a.orderId,
  'amount-asc': (a, b) => a.amountCents - b.amountCents || a.orderId - b.orderId,
  id: (a, b) => a.orderId - b.orderId,
};

/** Sorts in place (the caller passes its own copy) and returns the same array. */
export function sortOrders(orders: AnalysisOrder[], sort: SortOrder): AnalysisOrder[] {
  return orders.sort(COMPARATORS[sort]);
}

/**
 * The loaded orders in each sort order, each sorted once on first use. Filtering keeps the order, so a
 * filter change is one pass over a sorted view instead of a filter and a sort of 50,000 orders.
 */
export function createSortedViews(orders: readonly AnalysisOrder[]): (sort: SortOrder) => readonly AnalysisOrder[] {
  const views = new Map<SortOrder, AnalysisOrder[]>();
  return (sort) => {
    let view = views.get(sort);
    if (!view) {
      view = sortOrders(orders.slice(), sort);
      views.set(sort, view);
    }
    return view;
  };
}

export interface Totals {
  orders: number;
  revenueCents: number;
  feeCents: number;
  donationCents: number;
}

export function totalsOf(orders: readonly AnalysisOrder[]): Totals {
  let revenueCents = 0;
  let feeCents = 0;
  let donationCents = 0;
  for (const order of orders) {
    revenueCents += order.amountCents;
    feeCents += order.feeCents;
    donationCents += order.donationCents;
  }
  return { orders: orders.length, revenueCents, feeCents, donationCents };
}

export interface GroupTotals extends Totals {
  key: string;
}

/**
 * Totals per value of the grouping. By event, an order counts in every event it has seats in, and its
 * revenue there is the price of those seats (fees and donations belong to the order, not to an event,
 * so they are 0 in event groups). Groups come by revenue, highest first; days in calendar order.
 */
export function groupTotals(orders: readonly AnalysisOrder[], grouping: Exclude<Grouping, 'none'>): GroupTotals[] {
  const groups = new Map<string, GroupTotals>();
  const add = (key: string, revenueCents: number, feeCents: number, donationCents: number) => {
    let group = groups.get(key);
    if (!group) {
      group = { key, orders: 0, revenueCents: 0, feeCents: 0, donationCents: 0 };
      groups.set(key, group);
    }
    group.orders += 1;
    group.revenueCents += revenueCents;
    group.feeCents += feeCents;
    group.donationCents += donationCents;
  };
  for (const order of orders) {
    if (grouping === 'event') {
      for (let index = 0; index < order.eventIds.length; index++) {
        add(String(order.eventIds[index]), order.eventCents[index] ?? 0, 0, 0);
      }
      continue;
    }
    const key =
      grouping === 'status'
        ? order.status
        : grouping === 'payment'
          ? order.payment
          : grouping === 'channel'
            ? order.channel
            : grouping === 'method'
              ? order.method
              : order.day;
    add(key, order.amountCents, order.feeCents, order.donationCents);
  }
  const list = [...groups.values()];
  return grouping === 'day'
    ? list.sort((a, b) => a.key.localeCompare(b.key))
    : list.sort((a, b) => b.revenueCents - a.revenueCents || a.key.localeCompare(b.key));
}

/** The distinct values of a field, for the filter choices, most frequent first. */
export function valuesOf(orders: readonly AnalysisOrder[], pick: (order: AnalysisOrder) => string): string[] {
  const counts = new Map<string, number>();
  for (const order of orders) {
    const value = pick(order);
    counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([value]) => value);
}

/** The events orders have seats in, by revenue, for the event filter. */
export function eventsOf(orders: readonly AnalysisOrder[]): number[] {
  return groupTotals(orders, 'event').map((group) => Number(group.key));
}

/** Revenue (euros) per day, one series per channel: `[{ day, www: 12.5, sp: 30 }]`, days in order. */
export function revenuePerDayByChannel(orders: readonly AnalysisOrder[]): {
  rows: Array<Record<string, string | number>>;
  channels: string[];
} {
  const channels = valuesOf(orders, (order) => order.channel);
  const byDay = new Map<string, Map<string, number>>();
  for (const order of orders) {
    let day = byDay.get(order.day);
    if (!day) {
      day = new Map();
      byDay.set(order.day, day);
    }
    day.set(order.channel, (day.get(order.channel) ?? 0) + order.amountCents);
  }
  const rows = [...byDay.keys()].sort().map((day) => {
    const row: Record<string, string | number> = { day };
    const cents = byDay.get(day);
    for (const channel of channels) row[channel] = (cents?.get(channel) ?? 0) / 100;
    return row;
  });
  return { rows, channels };
}

export function topEventsByRevenue(orders: readonly AnalysisOrder[], limit = 10): GroupTotals[] {
  return groupTotals(orders, 'event').slice(0, limit);
}
