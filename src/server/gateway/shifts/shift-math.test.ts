import { describe, expect, it } from 'vitest';
import { cancellationOf, changedSinceSale } from './reconciliation';
import { type OrderReader, pageReaching, type ServiceOrder, serviceOrderOf } from './service-orders';
import { differenceOf, isWithdrawn, linesOf, shiftTotals } from './shift-math';
import type { SaleRecord } from './shift-store';

describe('shiftTotals', () => {
  const sale = (orderId: number, method: string, tender: SaleRecord['tender'], amount: number, extra = {}) => ({
    orderId,
    method,
    tender,
    amountCents: amount,
    feeCents: 0,
    donationCents: 0,
    lines: [{ eventId: 7, tickets: 1, amountCents: amount }],
    ...extra,
  });

  it('sums per method and per performance, expects the float plus cash in the drawer and the card sales on the terminal', () => {
    const totals = shiftTotals(
      [
        sale(1, 'Contant', 'cash', 2_500),
        sale(2, 'Pin', 'card', 4_000, {
          donationCents: 500,
          lines: [
            { eventId: 7, tickets: 1, amountCents: 2_000 },
            { eventId: 9, tickets: 1, amountCents: 1_500 },
          ],
        }),
        sale(3, 'Contant', 'cash', 1_250),
        sale(4, 'iDEAL', 'online', 2_529, { feeCents: 29 }),
        sale(5, 'Op rekening', 'other', 3_000),
        { ...sale(6, 'Contant', 'cash', 0), amountCents: null, tender: null },
      ],
      10_000,
    );
    expect(totals).toMatchObject({
      count: 6,
      unread: 1,
      amountCents: 13_279,
      feeCents: 29,
      donationCents: 500,
      expected: { cashCents: 13_750, cardCents: 4_000, onlineCents: 2_529, otherCents: 3_000 },
    });
    expect(totals.byMethod.map((entry) => [entry.method, entry.count, entry.amountCents])).toEqual([
      ['Contant', 2, 3_750],
      ['Pin', 1, 4_000],
      ['iDEAL', 1, 2_529],
      ['Op rekening', 1, 3_000],
    ]);
    expect(totals.byPerformance).toEqual([
      { eventId: 7, tickets: 5, amountCents: 11_279 },
      { eventId: 9, tickets: 1, amountCents: 1_500 },
    ]);
  });

  it('leaves out a sale cancelled before any money reached the desk, and lists it apart', () => {
    const totals = shiftTotals(
      [
        sale(1, 'Contant', 'cash', 2_500),
        sale(2, 'iDEAL', 'online', 5_479, { feeCents: 29, withdrawn: true }),
        sale(3, 'iDEAL', 'online', 2_529, { feeCents: 29 }),
      ],
      10_000,
    );
    expect(totals).toMatchObject({
      count: 2,
      amountCents: 5_029,
      feeCents: 29,
      withdrawn: { count: 1, amountCents: 5_479 },
      expected: { cashCents: 12_500, cardCents: 0, onlineCents: 2_529, otherCents: 0 },
    });
    expect(totals.byMethod.map((entry) => [entry.method, entry.count])).toEqual([
      ['Contant', 1],
      ['iDEAL', 1],
    ]);
    expect(totals.byPerformance).toEqual([{ eventId: 7, tickets: 2, amountCents: 5_029 }]);
  });

  // Found at the desk: an iDEAL link never paid read as € 54,79 sold, beside the cash taken.
  it('counts an online payment not made yet, and says how much of the total it is', () => {
    const totals = shiftTotals(
      [sale(1, 'Contant', 'cash', 2_500), sale(2, 'iDEAL', 'online', 5_479, { awaitingPayment: true })],
      0,
    );
    expect(totals).toMatchObject({ count: 2, amountCents: 7_979, awaiting: { count: 1, amountCents: 5_479 } });
  });

  it('withdraws a payment link or an invoice cancelled since, never a cash or card sale (that is a refund)', () => {
    const cancelled = { orderStatus: 'cancel', paymentStatus: 'cancelled' };
    expect(isWithdrawn('online', cancelled)).toBe(true);
    expect(isWithdrawn('online', { orderStatus: 'res', paymentStatus: 'cancelled' })).toBe(true);
    expect(isWithdrawn('other', { orderStatus: 'trash', paymentStatus: 'none' })).toBe(true);
    expect(isWithdrawn('online', { orderStatus: 'ord', paymentStatus: 'paid' })).toBe(false);
    expect(isWithdrawn('online', { orderStatus: 'res', paymentStatus: 'none' })).toBe(false);
    expect(isWithdrawn('cash', cancelled)).toBe(false);
    expect(isWithdrawn('card', cancelled)).toBe(false);
    expect(isWithdrawn(null, cancelled)).toBe(false);
  });

  it('counts lines per performance, and differences drawer and terminal apart', () => {
    expect(
      linesOf([
        { eventId: 3, amountCents: 1_000 },
        { eventId: 4, amountCents: 500 },
        { eventId: 3, amountCents: 1_000 },
      ]),
    ).toEqual([
      { eventId: 3, tickets: 2, amountCents: 2_000 },
      { eventId: 4, tickets: 1, amountCents: 500 },
    ]);
    expect(differenceOf({ cashCents: 10_000, cardCents: 3_000 }, { cashCents: 9_500, cardCents: 3_100 })).toEqual({
      cashCents: -500,
      cardCents: 100,
      totalCents: -400,
    });
  });
});

const order = (fields: Partial<ServiceOrder>): ServiceOrder => ({
  orderId: 1,
  orderStatus: 'ord',
  paymentStatus: 'paid',
  orderDate: '2026-11-26T10:00:00+01:00',
  lastChanged: '2026-11-26T10:00:00+01:00',
  amountCents: 5_000,
  donationCents: 0,
  method: 'Pin',
  feeCents: 0,
  channel: 'sp',
  seats: [],
  deletedSeats: [],
  ...fields,
});

describe('reconciliation rules', () => {
  const sold = (statusAtSale: string, paymentStatusAtSale: string): SaleRecord => ({
    orderId: 1,
    soldAt: '2026-11-26T09:00:00.000Z',
    paymentMethodId: 1,
    online: false,
    method: 'Pin',
    tender: 'card',
    amountCents: 5_000,
    feeCents: 0,
    donationCents: 0,
    lines: [],
    statusAtSale,
    paymentStatusAtSale,
    read: true,
    withdrawn: false,
  });

  it('lets a payment complete as a sale should, and lists every other move', () => {
    expect(changedSinceSale(sold('ord', 'paid'), order({}))).toBe(false);
    expect(changedSinceSale(sold('res', 'none'), order({}))).toBe(false);
    expect(changedSinceSale(sold('ord', 'pending'), order({}))).toBe(false);
    expect(changedSinceSale(sold('ord', 'paid'), order({ orderStatus: 'cancel', paymentStatus: 'cancelled' }))).toBe(
      true,
    );
    expect(changedSinceSale(sold('res', 'none'), order({ orderStatus: 'cancel', paymentStatus: 'cancelled' }))).toBe(
      true,
    );
    expect(changedSinceSale(sold('ord', 'paid'), order({ paymentStatus: 'partial' }))).toBe(true);
    expect(changedSinceSale(sold('ord', 'paid'), order({ amountCents: 4_000 }))).toBe(true);
  });

  it('names a cancellation, a cancelled payment and removed seats with what they concern', () => {
    expect(cancellationOf(order({}), true)).toBeNull();
    expect(cancellationOf(order({ orderStatus: 'cancel', paymentStatus: 'cancelled' }), true)).toMatchObject({
      kind: 'cancelled',
      amountCents: 5_000,
      ofThisShift: true,
    });
    expect(cancellationOf(order({ paymentStatus: 'cancelled' }), false)).toMatchObject({
      kind: 'payment-cancelled',
      ofThisShift: false,
    });
    expect(
      cancellationOf(
        order({
          deletedSeats: [
            { eventId: 3, amountCents: 1_250 },
            { eventId: 3, amountCents: 1_250 },
          ],
        }),
        true,
      ),
    ).toMatchObject({ kind: 'seats-removed', amountCents: 2_500 });
  });
});

describe('service orders', () => {
  it('reads decimals as numbers or strings, and tells the detail from the listing by its export fields', () => {
    expect(
      serviceOrderOf({ orderId: '12', amount: '12.50', donation: 2, orderStatus: 'ord', handlingTextPayment: 'Pin' }),
    ).toMatchObject({ orderId: 12, amountCents: 1_250, donationCents: 200, feeCents: null, seats: null });
    expect(
      serviceOrderOf({
        orderId: 12,
        amount: 12.5,
        fee: '0.29',
        orderChannel: 'sp',
        seats: [{ eventId: 3, amount: '10' }],
      }),
    ).toMatchObject({ feeCents: 29, channel: 'sp', seats: [{ eventId: 3, amountCents: 1_000 }] });
    expect(serviceOrderOf({ amount: 1 })).toBeNull();
  });

  it('finds the page where a moment falls by halving, newest first', async () => {
    // 1,000 orders, one a minute back from 12:00, 100 a page.
    const start = Date.parse('2026-11-26T12:00:00Z');
    const dated = (index: number) =>
      order({ orderId: index, orderDate: new Date(start - index * 60_000).toISOString() });
    const reads: number[] = [];
    const reader: OrderReader = {
      order: async () => null,
      event: async () => null,
      orderPage: async (_since, page) => {
        reads.push(page);
        const orders = Array.from({ length: 100 }, (_, i) => dated((page - 1) * 100 + i)).filter(
          (entry) => entry.orderId < 1_000,
        );
        return { orders, lastPage: 10 };
      },
    };
    const moment = start - 555 * 60_000;
    const found = await pageReaching(reader, 'x', moment);
    expect(found.page).toBe(6);
    expect(found.orders.some((entry) => entry.orderId === 555)).toBe(true);
    expect(reads.length).toBeLessThanOrEqual(5);
    expect((await pageReaching(reader, 'x', start + 1)).page).toBe(1);
    expect((await pageReaching(reader, 'x', start - 10_000 * 60_000)).orders).toEqual([]);
  });
});
