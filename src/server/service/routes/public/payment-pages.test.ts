import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DemoFixtures, loadDemoFixtures } from '@/server/testing/demo-fixtures';
import { expectInvariants, fullPriceType, newCart } from '@/server/testing/selling';
import { createTestService, DEMO, describeEachDatabase, type TestService } from '@/server/testing/test-service';

describeEachDatabase('payment, tickets and receipt pages', (database) => {
  let service: TestService;
  let fx: DemoFixtures;

  beforeAll(async () => {
    service = await createTestService({ database });
    fx = await loadDemoFixtures(service.db);
  });
  afterAll(async () => {
    await service?.close();
  });

  /** An online partner checkout; returns the order key and id. */
  async function onlineOrder(redirectURL?: string): Promise<{ orderKey: string; orderId: number; url: string }> {
    const cartId = await newCart(service);
    const priceId = await fullPriceType(service.db, fx.reserved.eventId, fx.reserved.rankId);
    const added = await service.request(`/v1/demo/partner/cart/${cartId}`, {
      method: 'POST',
      key: DEMO.apiKey,
      json: [
        { priceId, rankId: fx.reserved.rankId, eventId: fx.reserved.eventId, numberOfTickets: 2 },
        { priceId: 'donation', rankId: 0, amount: 2.5, itemType: 'donation' },
      ],
    });
    expect(added.status).toBe(200);
    const checkout = await service.request(`/v1/demo/partner/cart/${cartId}/checkout`, {
      method: 'POST',
      key: DEMO.apiKey,
      json: {
        customerId: fx.customers.withTags.customerId,
        paymentMethodId: fx.paymentMethods.online[0],
        ...(redirectURL ? { redirectURL } : {}),
      },
    });
    expect(checkout.status).toBe(200);
    return (await checkout.json()) as { orderKey: string; orderId: number; url: string };
  }

  const press = (orderKey: string, action: string) =>
    service.request(`/v1/demo/pay/${orderKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action }).toString(),
    });
  const orderRow = async (orderId: number) =>
    (
      await service.db.query<{ status: string; payment_status: string; last_changed: Date; amount_cents: number }>(
        'select status, payment_status, last_changed, amount_cents from orders where id = $1',
        [orderId],
      )
    ).rows[0];

  it('serves a plain, escaped payment page with a strict CSP and three POST buttons', async () => {
    const order = await onlineOrder('https://shop.example/back');
    const response = await service.request(new URL(order.url).pathname);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self' https://shop.example");
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await response.text();
    expect(html).not.toContain('<script');
    expect(html).toContain('<html lang="en">');
    for (const action of ['pay', 'later', 'cancel']) expect(html).toContain(`name="action" value="${action}"`);
    expect(html).toContain(order.orderKey);
  });

  it('escapes what it shows', async () => {
    const order = await onlineOrder();
    await service.db.query(`update order_seats set price_name = '<img src=x onerror=alert(1)>' where order_id = $1`, [
      order.orderId,
    ]);
    const html = await (await service.request(`/v1/demo/receipt/${order.orderKey}`)).text();
    expect(html).not.toContain('<img');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;');
  });

  it('pay → ord/paid, then redirects with return=<order_key> kept beside the existing query', async () => {
    const order = await onlineOrder('https://shop.example/back?lang=nl');
    const before = await orderRow(order.orderId);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const response = await press(order.orderKey, 'pay');
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.origin + location.pathname).toBe('https://shop.example/back');
    expect(location.searchParams.get('lang')).toBe('nl');
    expect(location.searchParams.get('return')).toBe(order.orderKey);
    const after = await orderRow(order.orderId);
    expect(after).toMatchObject({ status: 'ord', payment_status: 'paid' });
    expect(after?.last_changed.getTime()).toBeGreaterThan(before?.last_changed.getTime() ?? 0);
    const status = await (await service.request(`/v1/demo/order/${order.orderKey}`)).json();
    expect(status).toMatchObject({ order_payment_status: 'paid', order_tickets_nr: 2 });
    const tickets = await (await service.request(`/v1/demo/tickets/${order.orderKey}`)).text();
    expect(tickets.match(/<article/g)).toHaveLength(2);
    // Final: another action is refused.
    expect((await press(order.orderKey, 'cancel')).status).toBe(409);
    await expectInvariants(service.db);
  });

  it('pay later → pending (still payable); without a redirectURL the buyer comes back to the page', async () => {
    const order = await onlineOrder();
    const response = await press(order.orderKey, 'later');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`http://service.test/v1/demo/pay/${order.orderKey}`);
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'res', payment_status: 'pending' });
    const tickets = await (await service.request(`/v1/demo/tickets/${order.orderKey}`)).text();
    expect(tickets).toContain('once the order is paid');
    expect((await press(order.orderKey, 'pay')).status).toBe(303);
    expect(await orderRow(order.orderId)).toMatchObject({ status: 'ord', payment_status: 'paid' });
  });

  it('cancel → cancel/cancelled, seats released and listed under deletedSeats', async () => {
    const order = await onlineOrder('https://shop.example/back');
    const seats = await service.db.query<{ seat_id: number }>(
      'select seat_id from order_seats where order_id = $1 and seat_id is not null',
      [order.orderId],
    );
    expect((await press(order.orderKey, 'cancel')).status).toBe(303);
    expect(await orderRow(order.orderId)).toMatchObject({
      status: 'cancel',
      payment_status: 'cancelled',
      amount_cents: 0,
    });
    const claims = await service.db.query('select 1 from seat_claims where order_id = $1', [order.orderId]);
    expect(claims.rows).toEqual([]);
    const exported = await service.request(`/v1/demo/partner/order?changedSince=2000-01-01`, { key: DEMO.apiKey });
    const page = (await exported.json()) as {
      data: { orderId: number; seats: unknown[]; deletedSeats: { seatId: number }[] }[];
    };
    const entry = page.data.find((o) => o.orderId === order.orderId);
    expect(entry?.seats).toEqual([]);
    expect(entry?.deletedSeats.map((s) => s.seatId).sort()).toEqual(seats.rows.map((s) => s.seat_id).sort());
    // The released seats can be sold again.
    const again = await newCart(service);
    const priceId = await fullPriceType(service.db, fx.reserved.eventId, fx.reserved.rankId);
    const retake = await service.request(`/v1/demo/partner/cart/${again}`, {
      method: 'POST',
      key: DEMO.apiKey,
      json: [
        { priceId, rankId: fx.reserved.rankId, eventId: fx.reserved.eventId, seatId: String(seats.rows[0]?.seat_id) },
      ],
    });
    expect(retake.status).toBe(200);
    await expectInvariants(service.db);
  });

  it('answers bad actions 422 and unknown or foreign order keys 404, as JSON', async () => {
    const order = await onlineOrder();
    const bad = await press(order.orderKey, 'steal');
    expect(bad.status).toBe(422);
    expect(bad.headers.get('content-type')).toContain('application/json');
    for (const path of ['/v1/demo/pay/nope', '/v1/demo/tickets/nope', '/v1/demo/receipt/nope']) {
      const response = await service.request(path);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Order not found' });
    }
    expect((await service.request(`/v1/harbour/pay/${order.orderKey}`)).status).toBe(404);
    expect((await service.request(`/v1/demo/receipt/${fx.paidOrder.orderKey}`)).status).toBe(200);
  });
});
