import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { OrderExport } from '../../../lib/schemas/order';
import { analysisCsv } from './analysis-csv';
import {
  createAnalysisIndex,
  eventsOf,
  groupTotals,
  ordersOfRows,
  revenuePerDayByChannel,
  rowsOf,
  selectOrders,
  sortedPositions,
  topEventsByRevenue,
  totalsOf,
  valuesOf,
} from './analysis-index';
import {
  type AnalysisFilters,
  type AnalysisOrder,
  NO_FILTERS,
  type SortOrder,
  toAnalysisOrder,
} from './analysis-model';
import { defaultSince, readAnalysisParams, writeAnalysisParams } from './analysis-params';

function row(overrides: Partial<OrderExport> & { orderId: number }): OrderExport {
  return {
    orderKey: `key${overrides.orderId}`,
    customerId: 7,
    orderStatus: 'ord',
    orderPaymentStatus: 'paid',
    orderDate: '2026-11-01T10:00:00+01:00',
    timeOut: null,
    amount: 10,
    donation: 0,
    lastChanged: '2026-11-01T10:00:00+01:00',
    handlingTextPayment: 'iDEAL',
    discountName: null,
    orderChannel: 'www',
    fee: 0,
    seats: [],
    deletedSeats: [],
    user: {
      customerId: 7,
      email: 'jan@example.nl',
      customerFirstName: 'Jan',
      customerPreposition: 'de',
      customerLastName: 'Vries',
      customerCity: 'Utrecht',
    },
    ...overrides,
  };
}

const seat = (eventId: number, amount: number) => ({
  seatId: eventId * 100 + amount,
  eventId,
  rankId: 1,
  rowNr: 1,
  seatNr: 1,
  amount,
  priceId: '1',
  priceName: 'Normaal',
});

const ORDERS: AnalysisOrder[] = [
  row({ orderId: 1, amount: 30.1, fee: 0.3, seats: [seat(10, 15), seat(10, 14.8)] }),
  row({
    orderId: 2,
    orderChannel: 'sp',
    handlingTextPayment: 'Pin',
    amount: 20.2,
    orderDate: '2026-11-02T23:30:00+01:00',
    seats: [seat(10, 10.1), seat(11, 10.1)],
  }),
  row({
    orderId: 3,
    orderStatus: 'cancel',
    orderPaymentStatus: 'cancelled',
    amount: 0,
    donation: 0,
    user: null,
    customerId: null,
  }),
  row({
    orderId: 4,
    amount: 55.55,
    donation: 5,
    fee: 0.55,
    orderDate: '2026-11-02T08:00:00+01:00',
    seats: [seat(11, 50)],
  }),
].map(toAnalysisOrder);

describe('toAnalysisOrder', () => {
  it('keeps cents exact, the venue day, the customer and the seat cents per event', () => {
    const [first, second] = ORDERS;
    expect(first?.amountCents).toBe(3010);
    expect(first?.eventIds).toEqual([10]);
    expect(first?.eventCents).toEqual([2980]);
    expect(first?.customer).toBe('Jan de Vries');
    // 23:30 in Amsterdam is still the 2nd there, whatever the browser's zone.
    expect(second?.day).toBe('2026-11-02');
    expect(second?.eventIds).toEqual([10, 11]);
  });
});

const INDEX = createAnalysisIndex(ORDERS);
const ALL = selectOrders(INDEX, NO_FILTERS);
/** The ids of the rows the filters keep, in the sort order. */
const ids = (filters: Partial<AnalysisFilters>, sort: SortOrder = 'id') =>
  ordersOfRows(rowsOf(INDEX, selectOrders(INDEX, { ...NO_FILTERS, ...filters }), sort)).map((order) => order.orderId);

describe('filters, sort and totals', () => {
  it('without filters keeps all, without a mask', () => {
    expect(ALL).toEqual({ mask: null, count: 4 });
    expect(ordersOfRows(rowsOf(INDEX, ALL, 'id'))).toEqual(ORDERS);
  });

  it('sorts once per key, and filtering keeps the sort order', () => {
    const byAmount = sortedPositions(INDEX, 'amount-desc');
    expect(sortedPositions(INDEX, 'amount-desc')).toBe(byAmount);
    expect(rowsOf(INDEX, ALL, 'amount-desc').positions).toBe(byAmount);
    expect(ORDERS.map((o) => o.orderId)).toEqual([1, 2, 3, 4]);
    expect(ids({ channel: 'www' }, 'amount-desc')).toEqual([4, 1, 3]);
  });

  it('each filter narrows, and they combine', () => {
    expect(ids({ channel: 'www' })).toEqual([1, 3, 4]);
    expect(ids({ channel: 'www', status: 'ord' })).toEqual([1, 4]);
    expect(ids({ event: 11 })).toEqual([2, 4]);
    expect(ids({ day: '2026-11-02' })).toEqual([2, 4]);
    expect(ids({ method: 'Pin' })).toEqual([2]);
    expect(ids({ payment: 'cancelled' })).toEqual([3]);
    expect(ids({ text: '  KEY4 ' })).toEqual([4]);
    expect(ids({ text: 'vries' })).toHaveLength(3);
    expect(selectOrders(INDEX, { ...NO_FILTERS, text: 'vries' }).count).toBe(3);
  });

  it('a value no loaded order has keeps nothing', () => {
    expect(ids({ channel: 'fax' })).toEqual([]);
    expect(ids({ event: 99 })).toEqual([]);
    expect(selectOrders(INDEX, { ...NO_FILTERS, day: '2020-01-01' }).count).toBe(0);
  });

  it('sorts by date, amount or number with a stable tie-break; descending is the reverse', () => {
    expect(ids({}, 'date-desc')).toEqual([2, 4, 3, 1]);
    expect(ids({}, 'date-asc')).toEqual([1, 3, 4, 2]);
    expect(ids({}, 'amount-desc')).toEqual([4, 1, 2, 3]);
    expect(ids({}, 'amount-asc')).toEqual([3, 2, 1, 4]);
    const reversed = createAnalysisIndex([...ORDERS].reverse());
    expect(ordersOfRows(rowsOf(reversed, selectOrders(reversed, NO_FILTERS), 'id')).map((o) => o.orderId)).toEqual([
      1, 2, 3, 4,
    ]);
  });

  it('totals add up in cents', () => {
    expect(totalsOf(INDEX, ALL)).toEqual({
      orders: 4,
      revenueCents: 3010 + 2020 + 0 + 5555,
      feeCents: 85,
      donationCents: 500,
    });
    expect(totalsOf(INDEX, selectOrders(INDEX, { ...NO_FILTERS, channel: 'sp' }))).toEqual({
      orders: 1,
      revenueCents: 2020,
      feeCents: 0,
      donationCents: 0,
    });
    const empty = createAnalysisIndex([]);
    expect(totalsOf(empty, selectOrders(empty, NO_FILTERS))).toEqual({
      orders: 0,
      revenueCents: 0,
      feeCents: 0,
      donationCents: 0,
    });
  });
});

describe('grouping', () => {
  it('by channel: each order once, groups by revenue', () => {
    expect(groupTotals(INDEX, ALL, 'channel')).toEqual([
      { key: 'www', orders: 3, revenueCents: 8565, feeCents: 85, donationCents: 500 },
      { key: 'sp', orders: 1, revenueCents: 2020, feeCents: 0, donationCents: 0 },
    ]);
  });

  it('of the selected orders only', () => {
    expect(groupTotals(INDEX, selectOrders(INDEX, { ...NO_FILTERS, status: 'ord' }), 'channel')).toEqual([
      { key: 'www', orders: 2, revenueCents: 8565, feeCents: 85, donationCents: 500 },
      { key: 'sp', orders: 1, revenueCents: 2020, feeCents: 0, donationCents: 0 },
    ]);
  });

  it('by day: calendar order', () => {
    expect(groupTotals(INDEX, ALL, 'day').map((group) => [group.key, group.orders])).toEqual([
      ['2026-11-01', 2],
      ['2026-11-02', 2],
    ]);
  });

  it('by event: an order counts in each of its events, with those seats’ revenue', () => {
    expect(groupTotals(INDEX, ALL, 'event')).toEqual([
      { key: '11', orders: 2, revenueCents: 1010 + 5000, feeCents: 0, donationCents: 0 },
      { key: '10', orders: 2, revenueCents: 2980 + 1010, feeCents: 0, donationCents: 0 },
    ]);
    expect(eventsOf(INDEX, ALL)).toEqual([11, 10]);
    expect(topEventsByRevenue(INDEX, ALL, 1).map((group) => group.key)).toEqual(['11']);
  });

  it('values for the filter choices, most frequent first', () => {
    expect(valuesOf(INDEX, ALL, 'status')).toEqual(['ord', 'cancel']);
  });

  it('revenue per day by channel, in euros, zero where a channel sold nothing', () => {
    expect(revenuePerDayByChannel(INDEX, ALL)).toEqual({
      channels: ['www', 'sp'],
      rows: [
        { day: '2026-11-01', www: 30.1, sp: 0 },
        { day: '2026-11-02', www: 55.55, sp: 20.2 },
      ],
    });
    expect(revenuePerDayByChannel(INDEX, selectOrders(INDEX, { ...NO_FILTERS, channel: 'sp' }))).toEqual({
      channels: ['sp'],
      rows: [{ day: '2026-11-02', sp: 20.2 }],
    });
  });
});

describe('URL parameters', () => {
  const now = new Date(2026, 10, 23, 12);

  it('default: the last 30 days, no filters, newest first', () => {
    const params = readAnalysisParams(new URLSearchParams(), now);
    expect(params.since).toBe('2026-10-24');
    expect(params.since).toBe(defaultSince(now));
    expect(params.filters).toEqual(NO_FILTERS);
    expect(params.group).toBe('none');
    expect(params.sort).toBe('date-desc');
    expect(writeAnalysisParams(params, now).toString()).toBe('');
  });

  it('round-trips every setting, and ignores nonsense', () => {
    const search = new URLSearchParams(
      'since=2026-09-01&status=ord&payment=paid&channel=sp&method=Pin&event=12&day=2026-09-03&q=jan&group=event&sort=amount-desc',
    );
    const params = readAnalysisParams(search, now);
    expect(params.filters.event).toBe(12);
    expect(writeAnalysisParams(params, now).toString()).toBe(search.toString());
    const nonsense = readAnalysisParams(
      new URLSearchParams('since=yesterday&event=-3&group=x&sort=y&day=2026-13-01'),
      now,
    );
    expect(nonsense.since).toBe('2026-10-24');
    expect(nonsense.filters.event).toBeNull();
    expect(nonsense.filters.day).toBe('');
    expect(nonsense.group).toBe('none');
    expect(nonsense.sort).toBe('date-desc');
  });
});

describe('analysisCsv', () => {
  it('starts with a BOM, has a header and one line per order, quoted by papaparse', () => {
    const withComma = toAnalysisOrder(
      row({
        orderId: 9,
        user: {
          customerId: 7,
          email: 'x@example.nl',
          customerFirstName: 'Anna, "Annie"',
          customerPreposition: '',
          customerLastName: 'Jansen',
          customerCity: '',
        },
      }),
    );
    const text = analysisCsv([...ORDERS, withComma]);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const parsed = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true });
    expect(parsed.data).toHaveLength(1 + 5);
    expect(parsed.data[0]?.[0]).toBe('orderId');
    expect(parsed.data[1]?.slice(0, 2)).toEqual(['1', 'key1']);
    expect(parsed.data[1]?.[8]).toBe('30.10');
    expect(parsed.data[5]?.[13]).toBe('Anna, "Annie" Jansen');
  });

  it('neutralises spreadsheet formulas', () => {
    const evil = toAnalysisOrder(
      row({
        orderId: 10,
        user: {
          customerId: 1,
          email: 'e@example.nl',
          customerFirstName: '=HYPERLINK("x")',
          customerPreposition: '',
          customerLastName: '',
          customerCity: '',
        },
      }),
    );
    expect(analysisCsv([evil])).toContain(`"'=HYPERLINK(""x"")"`);
  });
});
