import { describe, expect, it } from 'vitest';
import type { Order, OrderExport, OrderSeat } from '../../lib/schemas/order';
import {
  type PrintContext,
  printChoice,
  printContextOf,
  receiptOf,
  receivedCentsOf,
  sectionsByEvent,
  ticketsOf,
} from './print-model';

const seat = (over: Partial<OrderSeat>): OrderSeat => ({
  seatId: 1,
  eventId: 10,
  rankId: 1,
  rowNr: 3,
  seatNr: 7,
  amount: 25,
  priceId: 'p1',
  priceName: 'Normaal',
  ...over,
});

const order: Order = {
  orderId: 4242,
  orderKey: 'KEY-4242',
  customerId: null,
  orderStatus: 'ord',
  orderPaymentStatus: 'paid',
  orderDate: '2026-11-26T10:00:00+01:00',
  timeOut: null,
  amount: 53.5,
  donation: 0,
  lastChanged: '2026-11-26T10:00:00+01:00',
  handlingTextPayment: 'Pin',
  discountName: null,
};

const row = (seats: OrderSeat[], over: Partial<OrderExport> = {}): OrderExport => ({
  ...order,
  orderChannel: 'sp',
  fee: 0.5,
  seats,
  deletedSeats: [],
  user: null,
  ...over,
});

const context: PrintContext = {
  performances: new Map([
    [10, { name: 'De Notenkraker', start: '2026-12-20T20:00:00+01:00', hallName: 'Grote Zaal' }],
    [20, { name: 'Matinee', start: '2026-12-01T14:00:00+01:00', hallName: null }],
  ]),
  sections: sectionsByEvent([
    { eventId: 10, seatId: '1', section: 'Parterre' },
    { eventId: 10, seatId: '2', section: 'Balkon' },
  ]),
};

describe('tickets of an order', () => {
  it('makes one ticket per seat, with section, row and seat from the plan, and the order key for the QR code', () => {
    const tickets = ticketsOf(order, row([seat({ seatId: 2, rowNr: 1, seatNr: 1 }), seat({})]), context);
    expect(tickets).toHaveLength(2);
    expect(tickets.map((ticket) => ticket.place)).toEqual([
      { kind: 'seat', section: 'Balkon', rowNr: 1, seatNr: 1 },
      { kind: 'seat', section: 'Parterre', rowNr: 3, seatNr: 7 },
    ]);
    expect(tickets.map((ticket) => [ticket.number, ticket.count, ticket.orderKey, ticket.orderId])).toEqual([
      [1, 2, 'KEY-4242', 4242],
      [2, 2, 'KEY-4242', 4242],
    ]);
    expect(tickets[0]?.performance?.hallName).toBe('Grote Zaal');
  });

  it('prints general admission for row 0 seat 0, and row and seat only when the section is unknown', () => {
    const tickets = ticketsOf(
      order,
      row([seat({ seatId: 90, eventId: 20, rowNr: 0, seatNr: 0 }), seat({ seatId: 99, rowNr: 5, seatNr: 2 })]),
      context,
    );
    // The matinee starts first, so its ticket comes first.
    expect(tickets.map((ticket) => ticket.place)).toEqual([
      { kind: 'generalAdmission' },
      { kind: 'seat', section: null, rowNr: 5, seatNr: 2 },
    ]);
  });

  it('keeps a ticket whose performance is unknown, without a name', () => {
    const [ticket] = ticketsOf(order, row([seat({ eventId: 77 })]), context);
    expect(ticket?.performance).toBeNull();
    expect(ticket?.eventId).toBe(77);
  });
});

describe('receipt of an order', () => {
  it('lists the seats, the fee and the order total, with what is left as other items', () => {
    const receipt = receiptOf(order, row([seat({}), seat({ seatId: 2, rowNr: 1, seatNr: 1, amount: 20 })]), context);
    expect(receipt.lines.map((line) => line.amount)).toEqual([20, 25]);
    expect(receipt).toMatchObject({ ticketsTotal: 45, fee: 0.5, donation: 0, total: 53.5, paymentMethod: 'Pin' });
    // 53.50 − 45 − 0.50 − 0 = 8.00 of other items (a voucher, a product).
    expect(receipt.otherItems).toBe(8);
  });

  it('adds in cents: no floating-point leftovers', () => {
    const receipt = receiptOf(
      { ...order, amount: 0.3, donation: 0.1 },
      row([seat({ amount: 0.1 }), seat({ seatId: 2, amount: 0.1 })], { fee: 0 }),
      context,
    );
    expect(receipt.ticketsTotal).toBe(0.2);
    expect(receipt.otherItems).toBe(0);
  });
});

describe('print choice from the URL', () => {
  it('reads kind and layout, falling back to tickets on A4', () => {
    expect(printChoice(new URLSearchParams('kind=receipt&layout=80mm'))).toEqual({ kind: 'receipt', layout: '80mm' });
    expect(printChoice(new URLSearchParams('kind=nonsense'))).toEqual({ kind: 'tickets', layout: 'a4' });
  });

  it('reads the cash handed over as whole cents, and nothing else', () => {
    expect(receivedCentsOf(new URLSearchParams('kind=receipt&received=5000'))).toBe(5000);
    for (const query of ['kind=receipt', 'received=', 'received=12.50', 'received=-5', 'received=1e4']) {
      expect(receivedCentsOf(new URLSearchParams(query)), query).toBeNull();
    }
  });
});

describe('print context from the print data', () => {
  it('keys the performances by event and the sections by event and seat', () => {
    const printContext = printContextOf({
      performances: [{ eventId: 10, name: 'Hamlet', start: '2026-03-01T20:00:00Z', hallName: null }],
      sections: [{ eventId: 10, seatId: '1', section: 'Parterre' }],
    });
    expect(printContext.performances.get(10)).toEqual({
      name: 'Hamlet',
      start: '2026-03-01T20:00:00Z',
      hallName: null,
    });
    expect(printContext.sections.get(10)?.get('1')).toBe('Parterre');
    expect(printContext.performances.has(11)).toBe(false);
  });
});
