import { describe, expect, it } from 'vitest';
import { orderStatusWithinEvents, orderWithinEvents } from './order-cut';

const seat = (eventId: number, amount: number) => ({ eventId, amount, seatId: eventId * 100 });
const OURS = new Set([7]);

describe('orderWithinEvents', () => {
  it("keeps a mixed order's seats and money of the events in scope only, without the order's fee and donation", () => {
    const order = {
      orderId: 1,
      amount: 71,
      fee: 1.5,
      donation: 5,
      seats: [seat(7, 29.5), seat(175, 35)],
      deletedSeats: [],
    };
    expect(orderWithinEvents(order, OURS)).toEqual({
      orderId: 1,
      amount: 29.5,
      fee: 0,
      donation: 0,
      seats: [seat(7, 29.5)],
      deletedSeats: [],
    });
  });

  it('counts a seat of theirs removed from a live order as no money of theirs', () => {
    // Their seat exchanged out; the order lives on with another production's line.
    const order = { orderId: 2, amount: 35, donation: 0, seats: [seat(175, 35)], deletedSeats: [seat(7, 40)] };
    expect(orderWithinEvents(order, OURS)).toMatchObject({ amount: 0, seats: [], deletedSeats: [seat(7, 40)] });
  });

  it("counts a cancelled order's removed seats of theirs, as the order's amount counts them", () => {
    const order = { orderId: 3, amount: 75, donation: 0, seats: [], deletedSeats: [seat(7, 40), seat(175, 35)] };
    expect(orderWithinEvents(order, OURS)).toMatchObject({ amount: 40, deletedSeats: [seat(7, 40)] });
  });
});

describe('orderStatusWithinEvents', () => {
  const status = {
    order_payment_status: 'paid',
    order_tickets_nr: 3,
    order_tickets_url: 'https://tickets.test/t/abc',
    order_receipt_url: 'https://tickets.test/r/abc',
    seats: [
      { seat_id: 11, event_name: 'Hamlet', event_type: 'event' },
      { seat_id: 11, event_name: 'Rock Night', event_type: 'event' },
      { seat_id: 12, event_name: 'Rock Night', event_type: 'event' },
      { seat_id: 900, event_name: 'Hamlet programme', event_type: 'product' },
    ],
  };

  it("keeps the seats of their events, tells a seat id on both sides apart by the event's name, drops the links", () => {
    const cut = orderStatusWithinEvents(
      status,
      { within: [11, 900], outside: [11, 12] },
      new Set(['Hamlet', 'Hamlet programme']),
    );
    expect(cut).toEqual({
      order_payment_status: 'paid',
      order_tickets_nr: 1,
      order_tickets_url: null,
      order_receipt_url: null,
      seats: [
        { seat_id: 11, event_name: 'Hamlet', event_type: 'event' },
        { seat_id: 900, event_name: 'Hamlet programme', event_type: 'product' },
      ],
    });
  });
});
