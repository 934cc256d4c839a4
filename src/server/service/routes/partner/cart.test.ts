import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorBodySchema } from '@/contract/common';
import {
  checkoutResponseSchema,
  type PartnerCart,
  partnerCartSchema,
  partnerCartSummarySchema,
} from '@/contract/partner-cart';
import { type DemoFixtures, loadDemoFixtures } from '@/server/testing/demo-fixtures';
import { expectInvariants, fullPriceType, newCart, partner } from '@/server/testing/selling';
import { createTestService, describeEachDatabase, HARBOUR, type TestService } from '@/server/testing/test-service';

describeEachDatabase('partner cart', (database) => {
  let service: TestService;
  let fx: DemoFixtures;
  let api: ReturnType<typeof partner>;
  let clock = new Date();

  beforeAll(async () => {
    service = await createTestService({ database, now: () => clock });
    fx = await loadDemoFixtures(service.db);
    api = partner(service);
  });
  afterAll(async () => {
    await service?.close();
  });

  const reservedItem = async (extra: Record<string, unknown> = {}) => ({
    priceId: await fullPriceType(service.db, fx.reserved.eventId, fx.reserved.rankId),
    rankId: fx.reserved.rankId,
    eventId: fx.reserved.eventId,
    ...extra,
  });
  const cartOf = async (response: Response) => {
    const body = await response.json();
    expect({ status: response.status, body }).toMatchObject({ status: 200 });
    return partnerCartSchema.strict().parse(body) as PartnerCart;
  };
  const errorOf = async (response: Response, status: number) => {
    expect(response.status).toBe(status);
    return errorBodySchema.parse(await response.json());
  };

  it('creates carts with unguessable ids and answers 404 "Cart not found" for unknown or foreign ones', async () => {
    const created = await service.request('/v1/demo/cart/', { method: 'POST' });
    expect(created.status).toBe(201);
    const { cart_id } = (await created.json()) as { cart_id: string };
    expect(cart_id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(created.headers.get('location')).toBe(`http://service.test/v1/demo/cart/${cart_id}`);
    const empty = await cartOf(await api.get(`/cart/${cart_id}`));
    expect(empty).toMatchObject({ cartId: cart_id, numberOfItems: 0, amount: 0, cartItems: [] });
    for (const path of [`/cart/nope`, `/cart/nope/summary`]) {
      expect(await errorOf(await api.get(path), 404)).toEqual({ message: 'Cart not found' });
    }
    const foreign = await newCart(service, HARBOUR.client);
    expect(await errorOf(await api.get(`/cart/${foreign}`), 404)).toEqual({ message: 'Cart not found' });
    expect(await errorOf(await api.post(`/cart/${foreign}`, [await reservedItem()]), 404)).toEqual({
      message: 'Cart not found',
    });
    expect((await api.delete(`/cart/${foreign}`)).status).toBe(404);
  });

  it('holds the best seats, a chosen seat, and refuses a taken seat with 409 naming it', async () => {
    clock = new Date();
    const cartId = await newCart(service);
    const cart = await cartOf(await api.post(`/cart/${cartId}`, [await reservedItem({ numberOfTickets: 3 })]));
    expect(cart.numberOfItems).toBe(3);
    const seats = cart.cartItems.map((item) => Number(item.seatId));
    expect(new Set(seats).size).toBe(3);
    // Adjacent in one row.
    const rowsUsed = new Set(cart.cartItems.map((item) => item.rowNr));
    expect(rowsUsed.size).toBe(1);
    const numbers = cart.cartItems.map((item) => item.seatNr ?? 0).sort((a, b) => a - b);
    expect((numbers[2] ?? 0) - (numbers[0] ?? 0)).toBe(2);
    for (const item of cart.cartItems) {
      expect(item).toMatchObject({ itemType: 'ticket', eventId: fx.reserved.eventId, numberOfTickets: 1 });
    }
    const timeOut = new Date(cart.timeOut).getTime();
    expect(Math.abs(timeOut - (clock.getTime() + 900_000))).toBeLessThan(1000);
    expect(cart.timeOut).toMatch(/[+-]\d{2}:\d{2}$/);
    const summary = partnerCartSummarySchema.strict().parse(await (await api.get(`/cart/${cartId}/summary`)).json());
    expect(summary).toEqual({ cartId, timeOut: cart.timeOut, numberOfItems: 3, amount: cart.amount });

    const other = await newCart(service);
    const taken = String(seats[0]);
    const conflict = await errorOf(await api.post(`/cart/${other}`, [await reservedItem({ seatId: taken })]), 409);
    expect(conflict.message).toContain(`Seat ${taken}`);
    const freeSeat = await service.db.query<{ id: number }>(
      `select s.id from seats s where s.hall_id = $1 and s.rank_id = $2
          and not exists (select 1 from seat_claims c where c.event_id = $3 and c.seat_id = s.id)
        order by s.quality desc limit 1`,
      [fx.reserved.hallId, fx.reserved.rankId, fx.reserved.eventId],
    );
    const free = String(freeSeat.rows[0]?.id);
    const chosen = await cartOf(await api.post(`/cart/${other}`, [await reservedItem({ seatId: free })]));
    expect(chosen.cartItems.map((item) => item.seatId)).toEqual([free]);
    await expectInvariants(service.db, clock);
  });

  it('adds named seats behind the lock in one go, refusing as before: nothing stays of a refused add', async () => {
    clock = new Date();
    const freeSeats = async (count: number) => {
      const { rows } = await service.db.query<{ id: number }>(
        `select s.id from seats s where s.hall_id = $1 and s.rank_id = $2
            and not exists (select 1 from seat_claims c where c.event_id = $3 and c.seat_id = s.id)
          order by s.id limit $4`,
        [fx.reserved.hallId, fx.reserved.rankId, fx.reserved.eventId, count],
      );
      return rows.map((row) => String(row.id));
    };
    const claimsOf = async (seatIds: string[]) => {
      const { rows } = await service.db.query<{ n: number }>(
        'select count(*)::int as n from seat_claims where event_id = $1 and seat_id = any($2::int[])',
        [fx.reserved.eventId, seatIds.map(Number)],
      );
      return rows[0]?.n;
    };
    // A first add tells the process the catalog's version: later named-seat adds are sent behind the lock.
    const cartId = await newCart(service);
    const [first, second, third] = await freeSeats(3);
    await cartOf(await api.post(`/cart/${cartId}`, [await reservedItem({ seatId: first })]));
    const both = await cartOf(await api.post(`/cart/${cartId}`, [await reservedItem({ seatId: second })]));
    expect(both.cartItems.map((item) => item.seatId)).toEqual([first, second]);

    const foreign = await newCart(service, HARBOUR.client);
    expect(await errorOf(await api.post(`/cart/${foreign}`, [await reservedItem({ seatId: third })]), 404)).toEqual({
      message: 'Cart not found',
    });
    expect(await errorOf(await api.post('/cart/nope', [await reservedItem({ seatId: third })]), 404)).toEqual({
      message: 'Cart not found',
    });
    const body = { customerId: fx.customers.withTags.customerId, paymentMethodId: fx.paymentMethods.cash };
    expect((await api.post(`/cart/${cartId}/checkout`, body)).status).toBe(200);
    expect(
      (await errorOf(await api.post(`/cart/${cartId}`, [await reservedItem({ seatId: third })]), 422)).message,
    ).toBe('This cart has been checked out; start a new cart.');
    expect(await claimsOf([third as string])).toBe(0);

    // The catalog moved since: the add still goes through (the usual way, with the new version).
    await service.db.query('update catalog_version set n = n + 1');
    const other = await newCart(service);
    const moved = await cartOf(await api.post(`/cart/${other}`, [await reservedItem({ seatId: third })]));
    expect(moved.cartItems.map((item) => item.seatId)).toEqual([third]);
    await expectInvariants(service.db, clock);
  });

  it('holds several named seats of one call in request order; the first failing item is the one reported', async () => {
    clock = new Date();
    const { rows } = await service.db.query<{ id: number }>(
      `select s.id from seats s where s.hall_id = $1 and s.rank_id = $2
          and not exists (select 1 from seat_claims c where c.event_id = $3 and c.seat_id = s.id)
        order by s.quality desc limit 4`,
      [fx.reserved.hallId, fx.reserved.rankId, fx.reserved.eventId],
    );
    const [a, b, c, d] = rows.map((row) => String(row.id));
    if (!a || !b || !c || !d) throw new Error('no free seats in the fixture event');
    const cartId = await newCart(service);
    // Deliberately not in seat order: the lines keep the order of the request.
    const cart = await cartOf(
      await api.post(`/cart/${cartId}`, [
        await reservedItem({ seatId: b }),
        await reservedItem({ seatId: a }),
        { priceId: 'donation', rankId: 0, amount: 5, itemType: 'donation' },
        await reservedItem({ seatId: c }),
      ]),
    );
    expect(cart.cartItems.map((item) => item.seatId ?? item.itemType)).toEqual([b, a, 'donation', c]);

    const other = await newCart(service);
    // A seat twice in one call: the second is refused like any seat held already.
    expect(
      (
        await errorOf(
          await api.post(`/cart/${other}`, [await reservedItem({ seatId: d }), await reservedItem({ seatId: d })]),
          409,
        )
      ).message,
    ).toContain(`Seat ${d}`);
    // A taken seat before a broken item: the taken seat is reported (as when held item by item).
    const takenFirst = await errorOf(
      await api.post(`/cart/${other}`, [
        await reservedItem({ seatId: d }),
        await reservedItem({ seatId: a }),
        await reservedItem({ seatId: d, priceId: 'x' }),
      ]),
      409,
    );
    expect(takenFirst.message).toContain(`Seat ${a}`);
    // A broken item before a taken seat: the broken item is reported.
    await errorOf(
      await api.post(`/cart/${other}`, [
        await reservedItem({ seatId: d, priceId: 'x' }),
        await reservedItem({ seatId: a }),
      ]),
      422,
    );
    expect((await cartOf(await api.get(`/cart/${other}`))).cartItems).toEqual([]);
    await expectInvariants(service.db, clock);
  });

  it('refuses blocked seats, wrong ranks and unknown price ids; a failing call adds nothing', async () => {
    clock = new Date();
    const { rows } = await service.db.query<{ seat_id: number }>(
      `select c.seat_id from seat_claims c join seats s on s.id = c.seat_id
        where c.event_id = $1 and c.state = 'block' and s.rank_id = $2 limit 1`,
      [fx.reserved.eventId, fx.reserved.rankId],
    );
    const cartId = await newCart(service);
    if (rows[0]) {
      await errorOf(await api.post(`/cart/${cartId}`, [await reservedItem({ seatId: String(rows[0].seat_id) })]), 409);
    }
    await errorOf(await api.post(`/cart/${cartId}`, [await reservedItem({ priceId: '999999999' })]), 422);
    await errorOf(await api.post(`/cart/${cartId}`, [await reservedItem({ rankId: 999_999 })]), 422);
    // One good item, one bad: all or nothing.
    await errorOf(await api.post(`/cart/${cartId}`, [await reservedItem(), await reservedItem({ priceId: 'x' })]), 422);
    expect((await cartOf(await api.get(`/cart/${cartId}`))).cartItems).toEqual([]);
    await expectInvariants(service.db, clock);
  });

  it('sells general admission as one line with numberOfTickets, donations, vouchers and products', async () => {
    clock = new Date();
    const cartId = await newCart(service);
    const ga = fx.generalAdmission;
    const gaPrice = await fullPriceType(service.db, ga.eventId, ga.rankId);
    const typeOf = async (eventType: string) =>
      (
        await service.db.query<{ id: number; rank_id: number; event_id: number }>(
          `select t.id, t.rank_id, t.event_id from ticket_types t join events e on e.id = t.event_id
            where e.client_id = $1 and e.event_type = $2 and e.status <> 'draft' order by e.id, t.position, t.id limit 1`,
          [fx.demo.clientId, eventType],
        )
      ).rows[0];
    const voucher = await typeOf('voucher');
    const product = await typeOf('product');
    if (!voucher || !product) throw new Error('no voucher or product ticket type');
    const cart = await cartOf(
      await api.post(`/cart/${cartId}`, [
        { priceId: gaPrice, rankId: ga.rankId, eventId: ga.eventId, numberOfTickets: 4 },
        { priceId: 'donation', rankId: 0, amount: 12.5, itemType: 'donation' },
        { priceId: String(voucher.id), rankId: voucher.rank_id, eventId: voucher.event_id },
        { priceId: String(product.id), rankId: product.rank_id, eventId: product.event_id, numberOfTickets: 2 },
      ]),
    );
    expect(cart.cartItems.map((item) => [item.itemType, item.numberOfTickets])).toEqual([
      ['ticket', 4],
      ['donation', 1],
      ['voucher', 1],
      ['product', 2],
    ]);
    expect(cart.cartItems[1]).toMatchObject({ eventId: null, priceId: 'donation', amount: 12.5 });
    const total = cart.cartItems.reduce((sum, item) => sum + Math.round(item.amount * 100), 0);
    expect(Math.round(cart.amount * 100)).toBe(total);
    await errorOf(await api.post(`/cart/${cartId}`, [{ priceId: 'donation', rankId: 0, itemType: 'donation' }]), 422);

    const checkout = await api.post(`/cart/${cartId}/checkout`, {
      customerId: fx.customers.withTags.customerId,
      paymentMethodId: fx.paymentMethods.cash,
    });
    expect(checkout.status).toBe(200);
    const result = checkoutResponseSchema.parse(await checkout.json());
    const order = await service.db.query<{ donation_cents: number; amount_cents: number; lines: number }>(
      `select o.donation_cents, o.amount_cents,
              (select count(*) from order_seats os where os.order_id = o.id)::int as lines
         from orders o where o.id = $1`,
      [result.orderId],
    );
    expect(order.rows[0]).toEqual({ donation_cents: 1250, amount_cents: total, lines: 4 + 1 + 2 });
    await expectInvariants(service.db, clock);
  });

  it('enforces the per-order maximum of a discount (422 on the add beyond it)', async () => {
    clock = new Date();
    const type = fx.ticketTypes.maxPerOrder;
    const max = type.maxPerOrder ?? 1;
    const cartId = await newCart(service);
    const item = { priceId: String(type.ticketTypeId), rankId: type.rankId, eventId: type.eventId };
    await cartOf(await api.post(`/cart/${cartId}`, [{ ...item, numberOfTickets: max }]));
    const error = await errorOf(await api.post(`/cart/${cartId}`, [item]), 422);
    expect(error.message).toContain(`At most ${max}`);
    await expectInvariants(service.db, clock);
  });

  it('allows a tag-dependent discount in the cart but checks the tag at checkout (422 without it)', async () => {
    clock = new Date();
    const type = fx.ticketTypes.tagged;
    const item = { priceId: String(type.ticketTypeId), rankId: type.rankId, eventId: type.eventId };
    const cartId = await newCart(service);
    await cartOf(await api.post(`/cart/${cartId}`, [item]));
    const { rows } = await service.db.query<{ id: number }>(
      `select id from customers where client_id = $1 and not ($2 = any(tags)) order by id limit 1`,
      [fx.demo.clientId, type.requiredTag],
    );
    const untagged = rows[0]?.id;
    const refused = await errorOf(
      await api.post(`/cart/${cartId}/checkout`, { customerId: untagged, paymentMethodId: fx.paymentMethods.cash }),
      422,
    );
    expect(refused.message).toContain(String(type.requiredTag));
    const ok = await api.post(`/cart/${cartId}/checkout`, {
      customerId: fx.customers.withRequiredTag.customerId,
      paymentMethodId: fx.paymentMethods.cash,
    });
    expect(ok.status).toBe(200);
    await expectInvariants(service.db, clock);
  });

  it('deletes an item (seat released, updated cart back) and the whole cart (empty body, seats released)', async () => {
    clock = new Date();
    const cartId = await newCart(service);
    const cart = await cartOf(await api.post(`/cart/${cartId}`, [await reservedItem({ numberOfTickets: 2 })]));
    const [first, second] = cart.cartItems;
    if (!first || !second) throw new Error('two items expected');
    const after = await cartOf(await api.delete(`/cart/${cartId}/${first.itemId}`));
    expect(after.cartItems.map((item) => item.itemId)).toEqual([second.itemId]);
    const claims = async () =>
      (await service.db.query<{ n: number }>(`select count(*)::int as n from seat_claims where cart_id = $1`, [cartId]))
        .rows[0]?.n;
    expect(await claims()).toBe(1);
    await errorOf(await api.delete(`/cart/${cartId}/${first.itemId}`), 404);
    // Past the id column's range is just another unknown item.
    await errorOf(await api.delete(`/cart/${cartId}/2147483678`), 404);
    const deleted = await api.delete(`/cart/${cartId}`);
    expect(deleted.status).toBe(200);
    expect(await deleted.text()).toBe('');
    expect(await claims()).toBe(0);
    expect(await errorOf(await api.get(`/cart/${cartId}`), 404)).toEqual({ message: 'Cart not found' });
    await expectInvariants(service.db, clock);
  });

  it('checks out idempotently: desk methods final at once, online ones with the payment page URL', async () => {
    clock = new Date();
    const body = { customerId: fx.customers.withTags.customerId, paymentMethodId: fx.paymentMethods.cash };
    const cartId = await newCart(service);
    const cart = await cartOf(await api.post(`/cart/${cartId}`, [await reservedItem({ numberOfTickets: 2 })]));
    const first = checkoutResponseSchema
      .strict()
      .parse(await (await api.post(`/cart/${cartId}/checkout`, body)).json());
    expect(first.url).toBeNull();
    const again = checkoutResponseSchema.parse(await (await api.post(`/cart/${cartId}/checkout`, body)).json());
    expect(again).toEqual(first);
    const order = await service.db.query(
      `select status, payment_status, channel, amount_cents, customer_id from orders where id = $1`,
      [first.orderId],
    );
    expect(order.rows[0]).toEqual({
      status: 'ord',
      payment_status: 'paid',
      channel: 'sp',
      amount_cents: Math.round(cart.amount * 100),
      customer_id: body.customerId,
    });
    const sold = await service.db.query(
      `select count(*)::int as n from seat_claims where order_id = $1 and state = 'sold'`,
      [first.orderId],
    );
    expect(sold.rows[0]).toEqual({ n: 2 });
    // The cart is empty afterwards and closed for more adds.
    expect((await cartOf(await api.get(`/cart/${cartId}`))).cartItems).toEqual([]);
    await errorOf(await api.post(`/cart/${cartId}`, [await reservedItem()]), 422);

    const invoiceCart = await newCart(service);
    await cartOf(await api.post(`/cart/${invoiceCart}`, [await reservedItem()]));
    const invoice = checkoutResponseSchema.parse(
      await (
        await api.post(`/cart/${invoiceCart}/checkout`, { ...body, paymentMethodId: fx.paymentMethods.invoice })
      ).json(),
    );
    const invoiceOrder = await service.db.query('select status, payment_status from orders where id = $1', [
      invoice.orderId,
    ]);
    expect(invoiceOrder.rows[0]).toEqual({ status: 'ord', payment_status: 'pending' });

    const onlineCart = await newCart(service);
    await cartOf(await api.post(`/cart/${onlineCart}`, [await reservedItem()]));
    const online = checkoutResponseSchema.parse(
      await (
        await api.post(`/cart/${onlineCart}/checkout`, {
          ...body,
          paymentMethodId: fx.paymentMethods.online[0],
          redirectURL: 'https://shop.example/done?x=1',
        })
      ).json(),
    );
    expect(online.url).toBe(`http://service.test/v1/demo/pay/${online.orderKey}`);
    const onlineOrder = await service.db.query('select status, payment_status, fee_cents from orders where id = $1', [
      online.orderId,
    ]);
    expect(onlineOrder.rows[0]).toMatchObject({ status: 'res', payment_status: 'none' });
    await expectInvariants(service.db, clock);
  });

  it('checks out with the lock, the lines and the order sent together, refusing and falling back as before', async () => {
    clock = new Date();
    const body = { customerId: fx.customers.withTags.customerId, paymentMethodId: fx.paymentMethods.cash };
    const sale = async () => {
      const cartId = await newCart(service);
      const cart = await cartOf(await api.post(`/cart/${cartId}`, [await reservedItem({ numberOfTickets: 2 })]));
      return { cartId, cart };
    };
    const orderOf = async (orderId: number) =>
      (
        await service.db.query<{ amount_cents: number; fee_cents: number; donation_cents: number; status: string }>(
          'select amount_cents, fee_cents, donation_cents, status from orders where id = $1',
          [orderId],
        )
      ).rows[0];
    // The first checkout tells the process the method; the next ones are sent whole behind the lock.
    const first = await sale();
    expect((await api.post(`/cart/${first.cartId}/checkout`, body)).status).toBe(200);
    const second = await sale();
    const made = checkoutResponseSchema.parse(await (await api.post(`/cart/${second.cartId}/checkout`, body)).json());
    expect(await orderOf(made.orderId)).toMatchObject({
      amount_cents: Math.round(second.cart.amount * 100),
      fee_cents: 0,
      donation_cents: 0,
      status: 'ord',
    });
    const again = checkoutResponseSchema.parse(await (await api.post(`/cart/${second.cartId}/checkout`, body)).json());
    expect(again).toEqual(made);

    const third = await sale();
    const unknown = await api.post(`/cart/${third.cartId}/checkout`, { ...body, customerId: 999_999_999 });
    expect((await errorOf(unknown, 422)).message).toBe('Unknown customer.');
    const empty = await newCart(service);
    expect((await errorOf(await api.post(`/cart/${empty}/checkout`, body), 422)).message).toBe('The cart is empty.');
    const foreign = await newCart(service, HARBOUR.client);
    expect(await errorOf(await api.post(`/cart/${foreign}/checkout`, body), 404)).toEqual({
      message: 'Cart not found',
    });
    const { rows } = await service.db.query<{ n: number }>(
      'select count(*)::int as n from orders where cart_id = any($1::text[])',
      [[third.cartId, empty, foreign]],
    );
    expect(rows[0]?.n).toBe(0);

    // A method changed since it was last read: the order is made with it as it is now.
    const { rows: fees } = await service.db.query<{ fee_cents: number }>(
      'update payment_methods set fee_cents = fee_cents + 150 where id = $1 returning fee_cents',
      [fx.paymentMethods.cash],
    );
    try {
      const changed = checkoutResponseSchema.parse(
        await (await api.post(`/cart/${third.cartId}/checkout`, body)).json(),
      );
      expect(await orderOf(changed.orderId)).toMatchObject({
        fee_cents: fees[0]?.fee_cents,
        amount_cents: Math.round(third.cart.amount * 100) + (fees[0]?.fee_cents ?? 0),
      });
    } finally {
      await service.db.query('update payment_methods set fee_cents = fee_cents - 150 where id = $1', [
        fx.paymentMethods.cash,
      ]);
    }
    await expectInvariants(service.db, clock);
  });

  it('rolls back all the one-statement checkout did when a seat turns out lost: no order, the cart as it was, 409', async () => {
    clock = new Date();
    const body = { customerId: fx.customers.withTags.customerId, paymentMethodId: fx.paymentMethods.cash };
    const cartId = await newCart(service);
    const cart = await cartOf(await api.post(`/cart/${cartId}`, [await reservedItem({ numberOfTickets: 2 })]));
    const [lost, kept] = cart.cartItems.map((item) => Number(item.seatId));
    // The hold of one seat is gone (as when another process, its clock ahead, saw it lapse and took it).
    await service.db.query('delete from seat_claims where event_id = $1 and seat_id = $2', [fx.reserved.eventId, lost]);
    const state = async () => {
      const { rows } = await service.db.query<{ orders: number; lines: number; held: number; seats: number }>(
        `select (select count(*) from orders where cart_id = $1)::int as orders,
                (select count(*) from cart_items where cart_id = $1)::int as lines,
                (select count(*) from seat_claims where cart_id = $1 and state = 'hold')::int as held,
                (select count(*) from order_seats os join orders o on o.id = os.order_id where o.cart_id = $1)::int as seats`,
        [cartId],
      );
      return rows[0];
    };
    // The function made the order and sold the other seat before it counted them: it raises, and nothing stays.
    await expect(
      service.db.query(
        `select * from partner_checkout($1, $2, $3, $4, 'rollback-test', 'sp', null, $5::timestamptz, 900)`,
        [fx.demo.clientId, cartId, body.customerId, body.paymentMethodId, clock.toISOString()],
      ),
    ).rejects.toMatchObject({ code: 'FY001' });
    expect(await state()).toEqual({ orders: 0, lines: 2, held: 1, seats: 0 });
    // Through the route the usual path then names the error, and rolls back too.
    const refused = await errorOf(await api.post(`/cart/${cartId}/checkout`, body), 409);
    expect(refused.message).toBe('Some seats in this cart are no longer held.');
    expect(await state()).toEqual({ orders: 0, lines: 2, held: 1, seats: 0 });
    const { rows } = await service.db.query<{ cart_id: string }>(
      'select cart_id from seat_claims where event_id = $1 and seat_id = $2',
      [fx.reserved.eventId, kept],
    );
    expect(rows).toEqual([{ cart_id: cartId }]);
    // The cart's line of the lost seat would break the invariants the next tests check.
    await service.db.query('delete from carts where id = $1', [cartId]);
  });

  it('refuses checkout of an empty cart, unknown customers and methods, and non-https redirect URLs (422)', async () => {
    clock = new Date();
    const body = { customerId: fx.customers.withTags.customerId, paymentMethodId: fx.paymentMethods.cash };
    const empty = await newCart(service);
    await errorOf(await api.post(`/cart/${empty}/checkout`, body), 422);
    const cartId = await newCart(service);
    await cartOf(await api.post(`/cart/${cartId}`, [await reservedItem()]));
    await errorOf(await api.post(`/cart/${cartId}/checkout`, { ...body, customerId: fx.harbour.customerId }), 422);
    await errorOf(await api.post(`/cart/${cartId}/checkout`, { ...body, paymentMethodId: 999_999 }), 422);
    const online = { ...body, paymentMethodId: fx.paymentMethods.online[0] };
    await errorOf(await api.post(`/cart/${cartId}/checkout`, { ...online, redirectURL: 'http://shop.example/' }), 422);
    await errorOf(await api.post(`/cart/${cartId}/checkout`, { ...online, redirectURL: 'javascript:alert(1)' }), 422);
    const local = await api.post(`/cart/${cartId}/checkout`, { ...online, redirectURL: 'http://localhost:5173/back' });
    expect(local.status).toBe(200);
    await errorOf(await api.post(`/cart/nope/checkout`, body), 404);
    await expectInvariants(service.db, clock);
  });

  it('lets held seats lapse at timeOut: ticket items gone, seats free, the cart still usable', async () => {
    clock = new Date();
    const cartId = await newCart(service);
    const cart = await cartOf(
      await api.post(`/cart/${cartId}`, [
        await reservedItem({ numberOfTickets: 2 }),
        { priceId: 'donation', rankId: 0, amount: 5, itemType: 'donation' },
      ]),
    );
    const seatIds = cart.cartItems.filter((item) => item.seatId).map((item) => item.seatId);
    clock = new Date(new Date(cart.timeOut).getTime() + 1);
    // Someone else can take a lapsed seat before the cart is even looked at again.
    const other = await newCart(service);
    const taken = await cartOf(await api.post(`/cart/${other}`, [await reservedItem({ seatId: seatIds[0] })]));
    expect(taken.cartItems[0]?.seatId).toBe(seatIds[0]);
    const lapsed = await cartOf(await api.get(`/cart/${cartId}`));
    expect(lapsed.cartItems.map((item) => item.itemType)).toEqual(['donation']);
    const claims = await service.db.query('select 1 from seat_claims where cart_id = $1', [cartId]);
    expect(claims.rows).toEqual([]);
    const again = await cartOf(await api.post(`/cart/${cartId}`, [await reservedItem({ seatId: seatIds[1] })]));
    expect(again.cartItems.map((item) => item.seatId ?? item.itemType)).toEqual(['donation', seatIds[1]]);
    await expectInvariants(service.db, clock);
    clock = new Date();
  });
});
