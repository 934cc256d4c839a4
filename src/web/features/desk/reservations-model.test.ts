import { describe, expect, it } from 'vitest';
import { isAwaitingOnlinePayment, isReservation } from '@/contract/open-orders';
import type { OrderExport } from '../../lib/schemas/order';
import {
  awaitingOnlinePaymentOf,
  matchesOrderSearch,
  reservationQueue,
  reservationsOf,
  timeLeft,
} from './reservations-model';

const order = (orderId: number, over: Partial<OrderExport>): OrderExport => ({
  orderId,
  orderKey: `K${orderId}`,
  customerId: null,
  orderStatus: 'res',
  orderPaymentStatus: 'none',
  orderDate: '2026-11-20T10:00:00+01:00',
  timeOut: null,
  amount: 10,
  donation: 0,
  lastChanged: '2026-11-20T10:00:00+01:00',
  handlingTextPayment: '',
  discountName: null,
  orderChannel: 'sp',
  fee: 0,
  seats: [],
  deletedSeats: [],
  user: null,
  ...over,
});

describe('reservations queue', () => {
  it('lists orders in status res by timeOut, soonest first, those without one last', () => {
    const orders = [
      order(1, { timeOut: '2026-11-27T12:00:00+01:00' }),
      order(2, { orderStatus: 'ord' }),
      order(3, { timeOut: '2026-11-26T12:00:00+01:00' }),
      order(4, { timeOut: null }),
      // The same moment in another offset: equal times go by order number.
      order(5, { timeOut: '2026-11-26T11:00:00Z' }),
      order(3, { timeOut: '2026-11-26T12:00:00+01:00' }),
    ];
    expect(reservationsOf(orders).map((o) => o.orderId)).toEqual([3, 5, 1, 4]);
  });

  it('splits the queue at now: running soonest first, lapsed most recently lapsed first', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    const orders = [
      order(1, { timeOut: '2026-11-26T13:00:00Z' }),
      order(2, { timeOut: '2026-11-26T11:00:00Z' }),
      order(3, { timeOut: '2026-11-26T12:30:00Z' }),
      order(4, { timeOut: '2026-11-25T12:00:00Z' }),
      order(5, { timeOut: null }),
      order(6, { timeOut: '2026-11-26T12:00:00Z' }),
    ];
    const queue = reservationQueue(orders, now);
    expect(queue.running.map((o) => o.orderId)).toEqual([3, 1, 5]);
    expect(queue.expired.map((o) => o.orderId)).toEqual([6, 2, 4]);
  });

  it('lists webshop orders awaiting payment, oldest first, without reservations or cancelled orders', () => {
    const orders = [
      order(1, {
        orderStatus: 'ord',
        orderChannel: 'www',
        orderPaymentStatus: 'pending',
        orderDate: '2026-11-25T10:00:00Z',
      }),
      order(2, {
        orderStatus: 'ord',
        orderChannel: 'www',
        orderPaymentStatus: 'none',
        orderDate: '2026-11-24T10:00:00Z',
      }),
      order(3, { orderStatus: 'ord', orderChannel: 'www', orderPaymentStatus: 'paid' }),
      order(4, { orderStatus: 'ord', orderChannel: 'sp', orderPaymentStatus: 'none' }),
      order(5, { orderStatus: 'res', orderChannel: 'www', orderPaymentStatus: 'none' }),
      order(6, { orderStatus: 'cancel', orderChannel: 'www', orderPaymentStatus: 'none' }),
    ];
    expect(awaitingOnlinePaymentOf(orders).map((o) => o.orderId)).toEqual([2, 1]);
  });

  it('agrees with the gateway on what is open: any reservation, a webshop order awaiting payment', () => {
    const open = (over: Partial<OrderExport>) => {
      const candidate = order(1, over);
      return isReservation(candidate) || isAwaitingOnlinePayment(candidate);
    };
    expect(open({})).toBe(true);
    expect(open({ orderStatus: 'res', orderChannel: 'sp', orderPaymentStatus: 'pending' })).toBe(true);
    expect(open({ orderStatus: 'ord', orderChannel: 'www', orderPaymentStatus: 'pending' })).toBe(true);
    expect(open({ orderStatus: 'ord', orderChannel: 'sp', orderPaymentStatus: 'pending' })).toBe(false);
    expect(open({ orderStatus: 'ord', orderChannel: 'www', orderPaymentStatus: 'paid' })).toBe(false);
    expect(open({ orderStatus: 'reemit', orderChannel: 'www', orderPaymentStatus: 'none' })).toBe(true);
  });

  // Found in the demo: four soft-deleted € 0 webshop orders (status `trash`, payment `none`) listed as waiting for
  // their online payment. Nor is an offer not yet confirmed, or a cancelled order.
  it('leaves deleted, cancelled and unconfirmed webshop orders out of those awaiting payment', () => {
    for (const orderStatus of ['trash', 'cancel', 'pros']) {
      for (const orderPaymentStatus of ['none', 'pending']) {
        expect(isAwaitingOnlinePayment(order(1, { orderStatus, orderChannel: 'www', orderPaymentStatus }))).toBe(false);
      }
    }
  });
});

describe('countdown to the timeOut', () => {
  const now = Date.parse('2026-11-26T12:00:00Z');
  it('shows hours, minutes and seconds, rounded up, and days when far off', () => {
    expect(timeLeft('2026-11-26T12:00:00.500Z', now)).toEqual({ expired: false, none: false, text: '00:00:01' });
    expect(timeLeft('2026-11-26T13:02:03Z', now)).toEqual({ expired: false, none: false, text: '01:02:03' });
    expect(timeLeft('2026-11-28T13:00:00+01:00', now)).toEqual({ expired: false, none: false, text: '2d 00:00:00' });
  });
  it('is expired at and after the timeOut, and says nothing without one', () => {
    expect(timeLeft('2026-11-26T12:00:00Z', now)).toEqual({ expired: true });
    expect(timeLeft('2026-11-26T11:00:00Z', now)).toEqual({ expired: true });
    expect(timeLeft(null, now)).toEqual({ expired: false, none: true });
    expect(timeLeft('not a date', now)).toEqual({ expired: false, none: true });
  });
});

describe('searching the queue', () => {
  const reserved = order(1042, {
    orderKey: 'ABCD-1234',
    customerId: 77,
    user: {
      customerId: 77,
      email: 'els.devries@example.nl',
      customerFirstName: 'Élise',
      customerPreposition: 'de',
      customerLastName: 'Vries',
      customerCity: 'Delft',
    },
  });

  it('finds an order by every word of the search in its number, key or customer, whatever the case or accents', () => {
    for (const search of ['', '  ', 'elise', 'DE VRIES', 'vries 1042', 'els.devries@', 'abcd-12', '77']) {
      expect(matchesOrderSearch(reserved, search), search).toBe(true);
    }
    for (const search of ['jansen', 'vries 1043', 'delft'])
      expect(matchesOrderSearch(reserved, search), search).toBe(false);
  });

  it('finds an order without a customer by its number and key only', () => {
    const anonymous = order(5, { orderKey: 'XYZ' });
    expect(matchesOrderSearch(anonymous, 'xyz')).toBe(true);
    expect(matchesOrderSearch(anonymous, 'vries')).toBe(false);
  });
});
