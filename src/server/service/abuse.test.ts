import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoFixtures, loadDemoFixtures } from '../testing/demo-fixtures';
import { expectInvariants, fullPriceType, newCart, partner } from '../testing/selling';
import { createTestService, DEMO, describeEachDatabase, type TestService } from '../testing/test-service';
import { lapseUnpaidOrders } from './domain/payment-window';

/**
 * Issue 19, inside one service: the public cannot hoard seats (per-address limit on reservation calls,
 * unpaid online orders lapse), keys cannot be guessed around the gateway, a lapsed cart is not sold in part,
 * an anonymous order does not change someone else's consent, and bodies are limited before they are read.
 *
 * A request "from an address" carries @hono/node-server's bindings with a socket peer, as a request from the
 * network does; `service.request` has none, as the gateway's in-process calls have none.
 */
describeEachDatabase('abuse', (database) => {
  let service: TestService;
  let fx: DemoFixtures;
  // On a minute boundary plus one second: every rate window of a test starts fresh when the clock moves on.
  let clock = new Date(Math.ceil(Date.now() / 600_000) * 600_000 + 1_000);
  const advance = (seconds: number) => {
    clock = new Date(clock.getTime() + seconds * 1000);
  };

  beforeAll(async () => {
    service = await createTestService({ database, now: () => clock, poolSize: 6 });
    fx = await loadDemoFixtures(service.db);
  });
  afterAll(async () => {
    await service?.close();
  });

  const fromAddress = (address: string, path: string, init: RequestInit & { key?: string; json?: unknown } = {}) => {
    const { key, json, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (key) headers.set('authorization', key);
    if (json !== undefined) headers.set('content-type', 'application/json');
    const body = json === undefined ? rest.body : JSON.stringify(json);
    return Promise.resolve(
      service.app.request(
        `http://service.test${path}`,
        { ...rest, headers, body, ...(body ? { duplex: 'half' } : {}) },
        {
          incoming: { socket: { remoteAddress: address } },
        },
      ),
    );
  };

  async function publicTicketCart(): Promise<string> {
    const cartId = await newCart(service);
    const discount = await fullPriceType(service.db, fx.reserved.eventId, fx.reserved.rankId);
    const added = await service.request(`/v1/demo/cart/${cartId}`, {
      method: 'POST',
      json: { event_id: fx.reserved.eventId, numberoftickets: 2, discount_id: discount },
    });
    expect(added.status).toBe(200);
    return cartId;
  }

  const orderBody = (cartId: string, email = `buyer.${cartId.slice(0, 10)}@example.test`) => ({
    cart_id: cartId,
    payment_id: fx.paymentMethods.online[0],
    redirectURL: 'https://shop.example/thanks',
    email,
    firstname: 'Ada',
    lastname: 'Lovelace',
  });

  async function onlineOrder(): Promise<{ orderKey: string; orderId: number; seatIds: number[] }> {
    const cartId = await publicTicketCart();
    const created = await service.request('/v1/demo/order/create', { method: 'POST', json: orderBody(cartId) });
    expect(created.status).toBe(200);
    const [result] = (await created.json()) as { order_key: string }[];
    const { rows } = await service.db.query<{ id: number; seat_id: number }>(
      'select o.id, os.seat_id from orders o join order_seats os on os.order_id = o.id where o.order_key = $1',
      [result?.order_key],
    );
    return { orderKey: result?.order_key ?? '', orderId: rows[0]?.id ?? 0, seatIds: rows.map((row) => row.seat_id) };
  }

  describe('public reservation limit', () => {
    it('throttles 300 anonymous reservation attempts from one address with 429 and Retry-After', async () => {
      advance(600);
      const statuses: Record<number, number> = {};
      let retryAfter: string | null = null;
      let body: unknown;
      for (let attempt = 0; attempt < 300; attempt += 1) {
        const response = await fromAddress('203.0.113.50', '/v1/demo/cart/', { method: 'POST' });
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        if (response.status === 429) {
          retryAfter = response.headers.get('retry-after');
          body = await response.json();
        } else await response.arrayBuffer();
      }
      console.log(`[abuse ${database}] 300 cart creations from one address → ${JSON.stringify(statuses)}`);
      expect(statuses).toEqual({ 201: 60, 429: 240 });
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
      expect(Number(retryAfter)).toBeLessThanOrEqual(60);
      expect(body).toEqual({ message: expect.any(String) });
    });

    it('counts adds and order creates too, and leaves other addresses, the gateway and partner keys alone', async () => {
      advance(600);
      const cartId = await publicTicketCart();
      const discount = await fullPriceType(service.db, fx.reserved.eventId, fx.reserved.rankId);
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 61; attempt += 1) {
        const response = await fromAddress('203.0.113.51', `/v1/demo/cart/${cartId}`, {
          method: 'POST',
          json: { event_id: fx.reserved.eventId, numberoftickets: 1, discount_id: discount },
        });
        statuses.push(response.status);
        await response.arrayBuffer();
        if (attempt === 5) {
          // The cart is full (per-order maximum): still counted, as a hoarder's refused attempts are.
          await service.request(`/v1/demo/cart/${cartId}`, { method: 'DELETE' });
        }
      }
      expect(statuses.at(-1)).toBe(429);
      expect(statuses.filter((status) => status === 429)).toHaveLength(1);
      const order = await fromAddress('203.0.113.51', '/v1/demo/order/create', {
        method: 'POST',
        json: orderBody(cartId),
      });
      expect(order.status).toBe(429);
      // Another address, the gateway (in-process, no peer) and the client's own key are not limited.
      expect((await fromAddress('203.0.113.52', '/v1/demo/cart/', { method: 'POST' })).status).toBe(201);
      expect((await service.request('/v1/demo/cart/', { method: 'POST' })).status).toBe(201);
      expect((await fromAddress('203.0.113.51', '/v1/demo/cart/', { method: 'POST', key: DEMO.apiKey })).status).toBe(
        201,
      );
      // A wrong key is just a public call.
      expect((await fromAddress('203.0.113.51', '/v1/demo/cart/', { method: 'POST', key: 'nope' })).status).toBe(429);
      // Reads are not limited.
      expect((await fromAddress('203.0.113.51', '/v1/demo/events')).status).toBe(200);
      advance(60);
      expect((await fromAddress('203.0.113.51', '/v1/demo/cart/', { method: 'POST' })).status).toBe(201);
    });

    it('counts the forwarded client only when a proxy is trusted', async () => {
      advance(600);
      const proxied = (client: string) =>
        fromAddress('10.0.0.5', '/v1/demo/cart/', { method: 'POST', headers: { 'x-forwarded-for': client } });
      // Not trusted (the default): every client behind 10.0.0.5 is 10.0.0.5, and a header changes nothing.
      for (let attempt = 0; attempt < 60; attempt += 1) await proxied(`198.18.0.${attempt}`);
      expect((await proxied('198.18.1.1')).status).toBe(429);
      service.deps.trustProxy = 1;
      try {
        expect((await proxied('198.18.1.1')).status).toBe(201);
      } finally {
        service.deps.trustProxy = false;
      }
    });
  });

  describe('payment window', () => {
    it('lapses unpaid online orders after the window: seats released into deletedSeats, sellable again', async () => {
      advance(600);
      const checkedOutAt = clock;
      const unpaid = await onlineOrder();
      const paid = await onlineOrder();
      const later = await onlineOrder();
      expect(unpaid.seatIds).toHaveLength(2);
      const pay = (orderKey: string, action: string) =>
        service.request(`/v1/demo/pay/${orderKey}`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ action }).toString(),
        });
      advance(1199);
      expect((await pay(paid.orderKey, 'pay')).status).toBe(303);
      expect((await pay(later.orderKey, 'later')).status).toBe(303);
      const api = partner(service);
      const before = (await (await api.get(`/order/${unpaid.orderId}`)).json()) as Record<string, unknown>;
      expect(before).toMatchObject({ orderStatus: 'res', orderPaymentStatus: 'none' });
      expect(new Date(String(before.timeOut)).getTime()).toBe(checkedOutAt.getTime() + 1_200_000);
      expect(await lapseUnpaidOrders(service.db, clock)).toBe(0);

      advance(1);
      // Due but not swept yet: the payment page refuses it already.
      const unpaidCopy = await onlineOrder();
      advance(1200);
      expect((await pay(unpaidCopy.orderKey, 'pay')).status).toBe(409);
      const lapsedAt = clock;
      expect(await lapseUnpaidOrders(service.db, clock)).toBe(3);
      expect(await lapseUnpaidOrders(service.db, clock)).toBe(0);

      const after = (await (await api.get(`/order/${unpaid.orderId}`)).json()) as Record<string, unknown>;
      expect(after).toMatchObject({ orderStatus: 'cancel', orderPaymentStatus: 'cancelled', amount: 0 });
      expect(new Date(String(after.lastChanged)).getTime()).toBe(lapsedAt.getTime());
      const lines = await service.db.query<{ deleted: number; kept: number; claims: number }>(
        `select count(*) filter (where deleted_at is not null)::int as deleted,
                count(*) filter (where deleted_at is null)::int as kept,
                (select count(*)::int from seat_claims where order_id = $1) as claims
           from order_seats where order_id = $1`,
        [unpaid.orderId],
      );
      expect(lines.rows[0]).toEqual({ deleted: 2, kept: 0, claims: 0 });
      // Pay later does not stop the clock.
      const laterRow = await service.db.query<{ status: string }>('select status from orders where id = $1', [
        later.orderId,
      ]);
      expect(laterRow.rows[0]?.status).toBe('cancel');
      // The paid order keeps its seats.
      const paidRow = await service.db.query<{ status: string; claims: number }>(
        `select status, (select count(*)::int from seat_claims where order_id = o.id) as claims from orders o where id = $1`,
        [paid.orderId],
      );
      expect(paidRow.rows[0]).toEqual({ status: 'ord', claims: 2 });
      // The released seats are on sale again.
      const cartId = await newCart(service);
      const priceId = await fullPriceType(service.db, fx.reserved.eventId, fx.reserved.rankId);
      const retaken = await api.post(
        `/cart/${cartId}`,
        unpaid.seatIds.map((seatId) => ({
          priceId,
          rankId: fx.reserved.rankId,
          eventId: fx.reserved.eventId,
          seatId: String(seatId),
        })),
      );
      expect(retaken.status).toBe(200);
      // A paid order cannot be lapsed afterwards, nor a lapsed one paid.
      expect((await pay(unpaid.orderKey, 'pay')).status).toBe(409);
      await expectInvariants(service.db, clock);
    });

    it('never lapses desk orders', async () => {
      advance(600);
      const cartId = await publicTicketCart();
      const checkout = await partner(service).post(`/cart/${cartId}/checkout`, {
        customerId: fx.customers.withTags.customerId,
        paymentMethodId: fx.paymentMethods.invoice,
      });
      expect(checkout.status).toBe(200);
      const { orderId } = (await checkout.json()) as { orderId: number };
      advance(100_000);
      await lapseUnpaidOrders(service.db, clock);
      const { rows } = await service.db.query<{ status: string; payment_status: string }>(
        'select status, payment_status from orders where id = $1',
        [orderId],
      );
      expect(rows[0]).toEqual({ status: 'ord', payment_status: 'pending' });
    });
  });

  describe('a cart whose holds lapsed', () => {
    it('is refused at checkout with 422 naming the lapsed lines, not sold as a donation-only order', async () => {
      advance(600);
      const api = partner(service);
      const priceId = await fullPriceType(service.db, fx.reserved.eventId, fx.reserved.rankId);
      const cartId = await newCart(service);
      const added = await api.post(`/cart/${cartId}`, [
        { priceId, rankId: fx.reserved.rankId, eventId: fx.reserved.eventId, numberOfTickets: 2 },
        { priceId: 'donation', rankId: 0, amount: 5, itemType: 'donation' },
      ]);
      expect(added.status).toBe(200);
      advance(901);
      const checkout = await api.post(`/cart/${cartId}/checkout`, {
        customerId: fx.customers.withTags.customerId,
        paymentMethodId: fx.paymentMethods.cash,
      });
      expect(checkout.status).toBe(422);
      const body = (await checkout.json()) as { message: string; errors: { cart: string[] } };
      expect(body.message).toMatch(/lapsed/);
      expect(body.errors.cart).toHaveLength(2);
      for (const line of body.errors.cart) expect(line).toMatch(/^Lapsed: .*row \d+, seat \d+$/);
      const orders = await service.db.query('select 1 from orders where cart_id = $1', [cartId]);
      expect(orders.rows).toEqual([]);

      const publicCart = await publicTicketCart();
      advance(901);
      const order = await service.request('/v1/demo/order/create', { method: 'POST', json: orderBody(publicCart) });
      expect(order.status).toBe(422);
      expect(((await order.json()) as { errors: { cart: string[] } }).errors.cart).toHaveLength(2);
    });
  });

  describe('an anonymous order for an existing customer', () => {
    it('adds consent the buyer ticked, never withdraws given consent, and changes nothing else', async () => {
      advance(600);
      const { customerId } = fx.customers.withTags;
      await service.db.query(
        `update customers set prefs = '{"user_prefs_optin": "1"}'::jsonb, last_changed = $2::timestamptz where id = $1`,
        [customerId, clock.toISOString()],
      );
      const { rows } = await service.db.query<{ email: string; first_name: string }>(
        'select email, first_name from customers where id = $1',
        [customerId],
      );
      const existing = rows[0];
      if (!existing) throw new Error('no customer');
      const read = async () =>
        (
          await service.db.query<{ prefs: unknown; first_name: string; last_changed: Date }>(
            'select prefs, first_name, last_changed from customers where id = $1',
            [customerId],
          )
        ).rows[0];
      const before = await read();

      advance(10);
      const withdraw = await service.request('/v1/demo/order/create', {
        method: 'POST',
        json: { ...orderBody(await publicTicketCart(), existing.email.toUpperCase()), avg_optin: false },
      });
      expect(withdraw.status).toBe(200);
      expect(await read()).toEqual(before);

      advance(10);
      const addConsent = await service.request('/v1/demo/order/create', {
        method: 'POST',
        json: { ...orderBody(await publicTicketCart(), existing.email), avg_optin: false, avg_mailinglist: true },
      });
      expect(addConsent.status).toBe(200);
      const after = await read();
      expect(after?.prefs).toEqual({ user_prefs_optin: '1', user_prefs_mailinglist: '1' });
      expect(after?.first_name).toBe(existing.first_name);
      expect(new Date(after?.last_changed ?? 0).getTime()).toBe(clock.getTime());
    });
  });

  describe('partner authentication', () => {
    it('throttles failed keys per address (429 + Retry-After), the right key too, but not in-process calls', async () => {
      advance(600);
      const attempt = (address: string, key: string) => fromAddress(address, '/v1/demo/partner/hall', { key });
      const statuses: number[] = [];
      for (let guess = 0; guess < 31; guess += 1) {
        const response = await attempt('198.51.100.20', `guess-${guess}`);
        statuses.push(response.status);
        await response.arrayBuffer();
      }
      expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
      const refused = await attempt('198.51.100.20', 'guess-31');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await refused.json()).toEqual({ message: expect.any(String) });
      expect((await attempt('198.51.100.20', DEMO.apiKey)).status).toBe(429);
      expect((await attempt('198.51.100.21', DEMO.apiKey)).status).toBe(200);
      for (let guess = 0; guess < 40; guess += 1) {
        expect((await service.request('/v1/demo/partner/hall', { key: `guess-${guess}` })).status).toBe(401);
      }
      // Another key of another client counts as a failure too (403), and so does an unusable header.
      expect((await attempt('198.51.100.22', 'harbour-partner-key')).status).toBe(403);
      advance(600);
      expect((await attempt('198.51.100.20', DEMO.apiKey)).status).toBe(200);
    });

    it('refuses Basic with a non-empty password', async () => {
      const basic = (credentials: string) => `Basic ${Buffer.from(credentials).toString('base64')}`;
      expect((await service.request('/v1/demo/partner/hall', { key: basic(`${DEMO.apiKey}:x`) })).status).toBe(401);
      expect((await service.request('/v1/demo/partner/hall', { key: basic(`${DEMO.apiKey}:`) })).status).toBe(200);
    });

    it.runIf(database === 'postgres')('shares the throttle between instances on one database', async () => {
      advance(600);
      const second = await createTestService({ databaseUrl: service.databaseUrl, now: () => clock });
      try {
        for (let guess = 0; guess < 30; guess += 1) {
          const one = guess % 2 === 0 ? service : second;
          const response = await Promise.resolve(
            one.app.request(
              'http://service.test/v1/demo/partner/hall',
              { headers: { authorization: `wrong-${guess}` } },
              { incoming: { socket: { remoteAddress: '198.51.100.30' } } },
            ),
          );
          expect(response.status).toBe(401);
        }
        const refused = await Promise.resolve(
          second.app.request(
            'http://service.test/v1/demo/partner/hall',
            { headers: { authorization: DEMO.apiKey } },
            { incoming: { socket: { remoteAddress: '198.51.100.30' } } },
          ),
        );
        expect(refused.status).toBe(429);
      } finally {
        await second.db.close();
      }
    });
  });

  describe('request bodies', () => {
    /** A body stream of `total` bytes in 64 kB chunks that records how much of it was read. */
    function countedBody(total: number) {
      const chunk = new Uint8Array(64 * 1024).fill(0x20);
      let pulled = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (pulled >= total) {
            controller.close();
            return;
          }
          pulled += chunk.length;
          controller.enqueue(chunk);
        },
      });
      return { stream, pulled: () => pulled };
    }

    it('refuses a body over 1 MB with 413, by its Content-Length, unread', async () => {
      const big = 'x'.repeat(2 * 1024 * 1024);
      const response = await service.request('/v1/demo/partner/customer', {
        method: 'POST',
        key: DEMO.apiKey,
        headers: { 'content-type': 'application/json', 'content-length': String(big.length) },
        body: big,
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ message: expect.stringContaining('too large') });
    });

    it('counts a body without Content-Length as it arrives and stops reading at the limit', async () => {
      const body = countedBody(100 * 1024 * 1024);
      const response = await service.request('/v1/demo/order/create', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: body.stream,
        duplex: 'half',
      } as RequestInit);
      expect(response.status).toBe(413);
      expect(body.pulled()).toBeLessThan(2 * 1024 * 1024);
    });

    it('refuses an unauthenticated partner body before reading it', async () => {
      const body = countedBody(100 * 1024 * 1024);
      const response = await service.request('/v1/demo/partner/customer', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: body.stream,
        duplex: 'half',
      } as RequestInit);
      expect(response.status).toBe(401);
      // A stream may be asked for its first chunks ahead of reading; nothing near the whole body.
      expect(body.pulled()).toBeLessThanOrEqual(256 * 1024);
    });
  });
});
