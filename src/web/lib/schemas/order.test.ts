import { describe, expect, it } from 'vitest';
import { orderExportSchema, orderPageSchema, orderSchema, publicOrderStatusSchema } from './order';
import { salesAnswerSchema } from './sales';

/** An order export as the reference service sends it (spec 2.11), with a full customer as `user`. */
const exported = {
  orderId: 12,
  orderKey: 'k3y',
  customerId: 7,
  orderStatus: 'ord',
  orderPaymentStatus: 'paid',
  orderDate: '2026-12-01T10:00:00+01:00',
  timeOut: null,
  amount: 45.5,
  donation: 0,
  lastChanged: '2026-12-01T10:00:01+01:00',
  handlingTextPayment: 'Contant',
  discountName: null,
  orderChannel: 'sp',
  fee: 1.5,
  seats: [
    { seatId: 101, eventId: 5, rankId: 2, rowNr: 3, seatNr: 4, amount: 22, priceId: '9', priceName: 'Volwassene' },
  ],
  deletedSeats: [],
  user: {
    customerId: 7,
    email: 'jan@example.nl',
    customerFirstName: 'Jan',
    customerPreposition: 'de',
    customerLastName: 'Vries',
    customerCity: 'Utrecht',
    customerTags: ['VIP'],
    customerPrefs: {},
  },
};

describe('orders, read by hand', () => {
  it('reads an order export as the reference service sends it, keeping only the customer fields shown', () => {
    const order = orderExportSchema.parse(exported);
    expect(order).toMatchObject({ orderId: 12, amount: 45.5, fee: 1.5, orderChannel: 'sp' });
    expect(order.seats).toEqual(exported.seats);
    const { customerTags, customerPrefs, ...shown } = exported.user;
    expect(order.user).toEqual(shown);
    expect(orderSchema.parse(exported)).not.toHaveProperty('seats');
  });

  it('is lenient where a real service differs: ids and amounts as text, export fields missing, a customer without fields', () => {
    const order = orderExportSchema.parse({
      ...exported,
      orderId: '12',
      customerId: 'none',
      amount: '45,50',
      donation: undefined,
      fee: undefined,
      orderChannel: undefined,
      seats: [{ seatId: '101', eventId: '5', rankId: 'x', priceId: 9, priceName: null }],
      deletedSeats: null,
      user: { email: 'no id' },
    });
    expect(order).toMatchObject({ orderId: 12, customerId: null, amount: 45.5, donation: 0, fee: 0, orderChannel: '' });
    expect(order.seats).toEqual([
      { seatId: 101, eventId: 5, rankId: 0, rowNr: 0, seatNr: 0, amount: 0, priceId: '9', priceName: '' },
    ]);
    expect(order.deletedSeats).toEqual([]);
    expect(order.user).toBeNull();
  });

  it('refuses an order without what identifies it', () => {
    for (const missing of ['orderId', 'orderKey', 'orderStatus', 'amount', 'lastChanged']) {
      expect(orderExportSchema.safeParse({ ...exported, [missing]: undefined }).success, missing).toBe(false);
    }
    expect(orderExportSchema.safeParse({ ...exported, seats: [{ seatId: 1 }] }).success).toBe(false);
  });

  it('reads the page envelope around them, and the public order status', () => {
    const page = orderPageSchema.parse({
      data: [exported],
      current_page: 1,
      last_page: '3',
      per_page: 100,
      total: 250,
      next_page_url: '/v1/demo/partner/order?page=2',
      prev_page_url: null,
      first_page_url: '/v1/demo/partner/order?page=1',
      last_page_url: '/v1/demo/partner/order?page=3',
      from: 1,
      to: 100,
      path: '/v1/demo/partner/order',
    });
    expect(page).toMatchObject({ last_page: 3, total: 250, data: [{ orderId: 12 }] });
    expect(orderPageSchema.safeParse({ data: [exported] }).success).toBe(false);
    expect(
      publicOrderStatusSchema.parse({
        order_payment_status: 'pending',
        order_tickets_nr: '2',
        seats: [{ seat_id: 101, event_name: 'Hamlet', event_type: null }],
      }),
    ).toEqual({
      order_payment_status: 'pending',
      order_tickets_nr: 2,
      order_tickets_url: null,
      order_receipt_url: null,
      seats: [{ seat_id: 101, event_name: 'Hamlet', event_type: null }],
    });
  });

  it('reads "sold by" as the gateway answers it, and refuses what it never answers', () => {
    const sale = {
      orderId: 12,
      seller: { accountId: 3, name: 'Bob', email: 'bob@foyer.test' },
      at: '2026-12-01T09:00:00.000Z',
      shift: { id: 4, desk: 'Kassa 1', openedAt: '2026-12-01T08:00:00.000Z' },
    };
    const anonymous = { ...sale, orderId: 13, seller: { accountId: null, name: null, email: null }, shift: null };
    expect(salesAnswerSchema.parse({ sales: [sale, anonymous] })).toEqual({ sales: [sale, anonymous] });
    expect(salesAnswerSchema.safeParse({ sales: null }).success).toBe(false);
    expect(salesAnswerSchema.safeParse({ sales: [{ ...sale, seller: null }] }).success).toBe(false);
    expect(salesAnswerSchema.safeParse({ sales: [{ ...sale, shift: { id: 4 } }] }).success).toBe(false);
  });
});
