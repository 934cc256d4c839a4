import { describe, expect, it } from 'vitest';
import type { OrderExport, OrderPage } from '../../lib/schemas/order';
import { findOrderByKey } from './find-order-by-key';

function order(id: number): OrderExport {
  return {
    orderId: id,
    orderKey: `key${id}`,
    customerId: null,
    orderStatus: 'ord',
    orderPaymentStatus: 'paid',
    orderDate: '2026-11-01T10:00:00+01:00',
    timeOut: null,
    amount: 10,
    donation: 0,
    lastChanged: '2026-11-01T10:00:00+01:00',
    handlingTextPayment: 'Pin',
    discountName: null,
    orderChannel: 'sp',
    fee: 0,
    seats: [],
    deletedSeats: [],
    user: null,
  };
}

/** 1,000 orders, newest (highest id) first, 100 a page. */
function pageOf(page: number): OrderPage {
  const data = Array.from({ length: 100 }, (_, index) => order(1000 - ((page - 1) * 100 + index)));
  return {
    data,
    current_page: page,
    last_page: 10,
    per_page: 100,
    total: 1000,
    next_page_url: null,
    prev_page_url: null,
    first_page_url: '',
    last_page_url: '',
    from: 0,
    to: 0,
    path: '',
  };
}

describe('findOrderByKey', () => {
  it('finds an order on a later page and stops reading pages soon after', async () => {
    const asked: number[] = [];
    const found = await findOrderByKey({
      orderKey: 'key750',
      fetchPage: async (page, pageSignal) => {
        // As fetch does: an aborted request fails at once.
        if (pageSignal.aborted) throw pageSignal.reason;
        asked.push(page);
        return pageOf(page);
      },
      signal: new AbortController().signal,
      concurrency: 2,
    });
    expect(found?.orderId).toBe(750);
    expect(asked).toContain(3);
    expect(asked.length).toBeLessThan(10);
  });

  it('returns null when no page has the key', async () => {
    const found = await findOrderByKey({
      orderKey: 'nope',
      fetchPage: async (page) => pageOf(page),
      signal: new AbortController().signal,
    });
    expect(found).toBeNull();
  });

  it('passes the caller’s abort on', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    await expect(
      findOrderByKey({ orderKey: 'x', fetchPage: async (page) => pageOf(page), signal: controller.signal }),
    ).rejects.toThrow('stopped');
  });
});
