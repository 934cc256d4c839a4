import type { AnalysisFilters, AnalysisOrder, Grouping, GroupTotals, SortOrder, Totals } from './analysis-model';
import { hasFilters } from './analysis-model';

/**
 * The loaded orders as columns, built once per load, so that a filter, sort or group change over 50,000
 * orders is a pass over small typed arrays instead of over 50,000 objects scattered in memory (a pass over
 * the objects cost tens of ms; grouping by day with a Map of strings even more). Text fields are coded:
 * `values[codes[i]]` is order i's value, so a filter compares numbers and a grouping adds into arrays.
 * Order i is `orders[i]`, in load order; nothing here copies or reorders the orders themselves.
 */
export interface AnalysisIndex {
  readonly orders: readonly AnalysisOrder[];
  readonly status: CodedColumn;
  readonly payment: CodedColumn;
  readonly channel: CodedColumn;
  readonly method: CodedColumn;
  readonly day: CodedColumn;
  readonly amountCents: Float64Array;
  readonly feeCents: Float64Array;
  readonly donationCents: Float64Array;
  /** Order i's events are `eventCodes[eventStart[i] .. eventStart[i + 1])`, with the cents of their seats. */
  readonly events: {
    readonly values: number[];
    readonly eventStart: Uint32Array;
    readonly eventCodes: Uint32Array;
    readonly eventCents: Float64Array;
  };
  /** Order positions in each sort order, computed on first use (see `sortedPositions`). */
  readonly sorted: Map<SortOrder, Int32Array>;
}

interface CodedColumn {
  readonly values: string[];
  readonly codes: Uint32Array;
}

function codedColumn(orders: readonly AnalysisOrder[], pick: (order: AnalysisOrder) => string): CodedColumn {
  const values: string[] = [];
  const codeOf = new Map<string, number>();
  const codes = new Uint32Array(orders.length);
  for (let i = 0; i < orders.length; i++) {
    const value = pick(orders[i] as AnalysisOrder);
    let code = codeOf.get(value);
    if (code === undefined) {
      code = values.length;
      values.push(value);
      codeOf.set(value, code);
    }
    codes[i] = code;
  }
  return { values, codes };
}

export function createAnalysisIndex(orders: readonly AnalysisOrder[]): AnalysisIndex {
  const size = orders.length;
  const amountCents = new Float64Array(size);
  const feeCents = new Float64Array(size);
  const donationCents = new Float64Array(size);
  const eventStart = new Uint32Array(size + 1);
  let eventRefs = 0;
  for (let i = 0; i < size; i++) {
    const order = orders[i] as AnalysisOrder;
    amountCents[i] = order.amountCents;
    feeCents[i] = order.feeCents;
    donationCents[i] = order.donationCents;
    eventStart[i] = eventRefs;
    eventRefs += order.eventIds.length;
  }
  eventStart[size] = eventRefs;
  const eventValues: number[] = [];
  const eventCodeOf = new Map<number, number>();
  const eventCodes = new Uint32Array(eventRefs);
  const eventCents = new Float64Array(eventRefs);
  for (let i = 0; i < size; i++) {
    const order = orders[i] as AnalysisOrder;
    const start = eventStart[i] as number;
    for (let k = 0; k < order.eventIds.length; k++) {
      const eventId = order.eventIds[k] as number;
      let code = eventCodeOf.get(eventId);
      if (code === undefined) {
        code = eventValues.length;
        eventValues.push(eventId);
        eventCodeOf.set(eventId, code);
      }
      eventCodes[start + k] = code;
      eventCents[start + k] = order.eventCents[k] ?? 0;
    }
  }
  return {
    orders,
    status: codedColumn(orders, (order) => order.status),
    payment: codedColumn(orders, (order) => order.payment),
    channel: codedColumn(orders, (order) => order.channel),
    method: codedColumn(orders, (order) => order.method),
    day: codedColumn(orders, (order) => order.day),
    amountCents,
    feeCents,
    donationCents,
    events: { values: eventValues, eventStart, eventCodes, eventCents },
    sorted: new Map(),
  };
}

/** The orders the filters keep: `mask[i]` is 1 for a kept order; no mask when there are no filters. */
export interface Selection {
  readonly mask: Uint8Array | null;
  readonly count: number;
}

/** A filter's value as its code; NO_CODE for a value no loaded order has (so nothing matches). */
const codeIn = (column: CodedColumn, value: string) => column.values.indexOf(value);

/** One pass over the columns; each filter that is set must hold. */
export function selectOrders(index: AnalysisIndex, filters: AnalysisFilters): Selection {
  const size = index.orders.length;
  if (!hasFilters(filters)) return { mask: null, count: size };
  const mask = new Uint8Array(size).fill(1);
  const narrow = (column: CodedColumn, value: string) => {
    if (!value) return;
    const code = codeIn(column, value);
    const { codes } = column;
    for (let i = 0; i < size; i++) if (codes[i] !== code) mask[i] = 0;
  };
  narrow(index.status, filters.status);
  narrow(index.payment, filters.payment);
  narrow(index.channel, filters.channel);
  narrow(index.method, filters.method);
  narrow(index.day, filters.day);
  if (filters.event !== null) {
    const code = index.events.values.indexOf(filters.event);
    const { eventStart, eventCodes } = index.events;
    for (let i = 0; i < size; i++) {
      if (!mask[i]) continue;
      let found = false;
      for (let k = eventStart[i] as number; k < (eventStart[i + 1] as number); k++) {
        if (eventCodes[k] === code) {
          found = true;
          break;
        }
      }
      if (!found) mask[i] = 0;
    }
  }
  const text = filters.text.trim().toLocaleLowerCase();
  if (text) {
    for (let i = 0; i < size; i++) if (mask[i] && !index.orders[i]?.searchText.includes(text)) mask[i] = 0;
  }
  let count = 0;
  for (let i = 0; i < size; i++) count += mask[i] as number;
  return { mask, count };
}

/** Ascending sorts; the descending ones are their reverse (the tie-break on the order id reverses too). */
const ASCENDING: Record<SortOrder, { base: SortOrder; reversed: boolean }> = {
  'date-asc': { base: 'date-asc', reversed: false },
  'date-desc': { base: 'date-asc', reversed: true },
  'amount-asc': { base: 'amount-asc', reversed: false },
  'amount-desc': { base: 'amount-asc', reversed: true },
  id: { base: 'id', reversed: false },
};

function sortAscending(index: AnalysisIndex, sort: SortOrder): Int32Array {
  const { orders, amountCents } = index;
  const orderId = Float64Array.from(orders, (order) => order.orderId);
  const positions = Int32Array.from(orders, (_order, i) => i);
  if (sort === 'date-asc') {
    const dateMs = Float64Array.from(orders, (order) => order.dateMs);
    return positions.sort(
      (a, b) => (dateMs[a] as number) - (dateMs[b] as number) || (orderId[a] as number) - (orderId[b] as number),
    );
  }
  if (sort === 'amount-asc') {
    return positions.sort(
      (a, b) =>
        (amountCents[a] as number) - (amountCents[b] as number) || (orderId[a] as number) - (orderId[b] as number),
    );
  }
  return positions.sort((a, b) => (orderId[a] as number) - (orderId[b] as number));
}

/**
 * The positions of all orders in the sort order: sorted once per key on first use, the other direction is
 * the reverse. Call it ahead (in idle time) so that choosing a sort later is only a pass over the mask.
 */
export function sortedPositions(index: AnalysisIndex, sort: SortOrder): Int32Array {
  let positions = index.sorted.get(sort);
  if (!positions) {
    const { base, reversed } = ASCENDING[sort];
    let ascending = index.sorted.get(base);
    if (!ascending) {
      ascending = sortAscending(index, base);
      index.sorted.set(base, ascending);
    }
    positions = reversed ? ascending.slice().reverse() : ascending;
    index.sorted.set(sort, positions);
  }
  return positions;
}

/**
 * The rows to show, in the sort order: `orders[positions[row]]`. Without filters it is the sort's own
 * positions (nothing allocated); with filters one typed array of the kept positions.
 */
export interface OrderRows {
  readonly orders: readonly AnalysisOrder[];
  readonly positions: Int32Array;
}

export function rowsOf(index: AnalysisIndex, selection: Selection, sort: SortOrder): OrderRows {
  const all = sortedPositions(index, sort);
  const { mask } = selection;
  if (!mask) return { orders: index.orders, positions: all };
  const positions = new Int32Array(selection.count);
  let row = 0;
  for (let k = 0; k < all.length; k++) {
    const position = all[k] as number;
    if (mask[position]) positions[row++] = position;
  }
  return { orders: index.orders, positions };
}

/** The rows as an array of orders, in their order (for the CSV). */
export const ordersOfRows = (rows: OrderRows): AnalysisOrder[] =>
  Array.from(rows.positions, (position) => rows.orders[position] as AnalysisOrder);

const kept = (selection: Selection, i: number) => selection.mask === null || selection.mask[i] === 1;

export function totalsOf(index: AnalysisIndex, selection: Selection): Totals {
  let revenueCents = 0;
  let feeCents = 0;
  let donationCents = 0;
  for (let i = 0; i < index.orders.length; i++) {
    if (!kept(selection, i)) continue;
    revenueCents += index.amountCents[i] as number;
    feeCents += index.feeCents[i] as number;
    donationCents += index.donationCents[i] as number;
  }
  return { orders: selection.count, revenueCents, feeCents, donationCents };
}

/** Sums per code, added into arrays: `orders[code]`, `revenueCents[code]`, … */
interface Sums {
  orders: Float64Array;
  revenueCents: Float64Array;
  feeCents: Float64Array;
  donationCents: Float64Array;
}

const newSums = (codes: number): Sums => ({
  orders: new Float64Array(codes),
  revenueCents: new Float64Array(codes),
  feeCents: new Float64Array(codes),
  donationCents: new Float64Array(codes),
});

/** An order counts in every event it has seats in, with the cents of those seats. */
function eventSums(index: AnalysisIndex, selection: Selection): Sums {
  const { values, eventStart, eventCodes, eventCents } = index.events;
  const sums = newSums(values.length);
  for (let i = 0; i < index.orders.length; i++) {
    if (!kept(selection, i)) continue;
    for (let k = eventStart[i] as number; k < (eventStart[i + 1] as number); k++) {
      const code = eventCodes[k] as number;
      sums.orders[code] = (sums.orders[code] as number) + 1;
      sums.revenueCents[code] = (sums.revenueCents[code] as number) + (eventCents[k] as number);
    }
  }
  return sums;
}

function columnSums(index: AnalysisIndex, selection: Selection, column: CodedColumn): Sums {
  const sums = newSums(column.values.length);
  const { codes } = column;
  for (let i = 0; i < index.orders.length; i++) {
    if (!kept(selection, i)) continue;
    const code = codes[i] as number;
    sums.orders[code] = (sums.orders[code] as number) + 1;
    sums.revenueCents[code] = (sums.revenueCents[code] as number) + (index.amountCents[i] as number);
    sums.feeCents[code] = (sums.feeCents[code] as number) + (index.feeCents[i] as number);
    sums.donationCents[code] = (sums.donationCents[code] as number) + (index.donationCents[i] as number);
  }
  return sums;
}

function groupsOf(sums: Sums, key: (code: number) => string): GroupTotals[] {
  const groups: GroupTotals[] = [];
  for (let code = 0; code < sums.orders.length; code++) {
    const orders = sums.orders[code] as number;
    if (orders === 0) continue;
    groups.push({
      key: key(code),
      orders,
      revenueCents: sums.revenueCents[code] as number,
      feeCents: sums.feeCents[code] as number,
      donationCents: sums.donationCents[code] as number,
    });
  }
  return groups;
}

const GROUPED_COLUMN = {
  status: 'status',
  payment: 'payment',
  channel: 'channel',
  method: 'method',
  day: 'day',
} as const;

/**
 * Totals per value of the grouping. By event, an order counts in every event it has seats in, and its
 * revenue there is the price of those seats (fees and donations belong to the order, not to an event,
 * so they are 0 in event groups). Groups come by revenue, highest first; days in calendar order.
 */
export function groupTotals(
  index: AnalysisIndex,
  selection: Selection,
  grouping: Exclude<Grouping, 'none'>,
): GroupTotals[] {
  const groups =
    grouping === 'event'
      ? groupsOf(eventSums(index, selection), (code) => String(index.events.values[code]))
      : groupsOf(columnSums(index, selection, index[GROUPED_COLUMN[grouping]]), (code) => {
          return index[GROUPED_COLUMN[grouping]].values[code] as string;
        });
  return grouping === 'day'
    ? groups.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    : groups.sort((a, b) => b.revenueCents - a.revenueCents || a.key.localeCompare(b.key));
}

type Field = 'status' | 'payment' | 'channel' | 'method';

/** The distinct values of a field among the selected orders, most frequent first (the filter choices). */
export function valuesOf(index: AnalysisIndex, selection: Selection, field: Field): string[] {
  const column = index[field];
  const counts = columnSums(index, selection, column).orders;
  return column.values
    .map((value, code) => ({ value, count: counts[code] as number }))
    .filter((entry) => entry.count > 0)
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
    .map((entry) => entry.value);
}

/** The events orders have seats in, by revenue, for the event filter. */
export function eventsOf(index: AnalysisIndex, selection: Selection): number[] {
  return groupTotals(index, selection, 'event').map((group) => Number(group.key));
}

export function topEventsByRevenue(index: AnalysisIndex, selection: Selection, limit = 10): GroupTotals[] {
  return groupTotals(index, selection, 'event').slice(0, limit);
}

/** Revenue (euros) per day, one series per channel: `[{ day, www: 12.5, sp: 30 }]`, days in order. */
export function revenuePerDayByChannel(
  index: AnalysisIndex,
  selection: Selection,
): { rows: Array<Record<string, string | number>>; channels: string[] } {
  const channels = valuesOf(index, selection, 'channel');
  const channelCount = index.channel.values.length;
  const dayCount = index.day.values.length;
  const cents = new Float64Array(dayCount * channelCount);
  const hasOrders = new Uint8Array(dayCount);
  const dayCodes = index.day.codes;
  const channelCodes = index.channel.codes;
  for (let i = 0; i < index.orders.length; i++) {
    if (!kept(selection, i)) continue;
    const day = dayCodes[i] as number;
    const at = day * channelCount + (channelCodes[i] as number);
    cents[at] = (cents[at] as number) + (index.amountCents[i] as number);
    hasOrders[day] = 1;
  }
  const days: number[] = [];
  for (let day = 0; day < dayCount; day++) if (hasOrders[day]) days.push(day);
  const dayValues = index.day.values;
  days.sort((a, b) => ((dayValues[a] as string) < (dayValues[b] as string) ? -1 : 1));
  const channelCodeList = channels.map((channel) => index.channel.values.indexOf(channel));
  const rows = days.map((day) => {
    const row: Record<string, string | number> = {
      day: dayValues[day] as string,
    };
    channels.forEach((channel, k) => {
      row[channel] = (cents[day * channelCount + (channelCodeList[k] as number)] as number) / 100;
    });
    return row;
  });
  return { rows, channels };
}
