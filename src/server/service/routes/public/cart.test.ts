import { afterAll, beforeAll, expect, it } from 'vitest';
import { errorBodySchema } from '@/contract/common';
import { publicCartItemSchema, publicCartSchema } from '@/contract/public-cart';
import { type DemoFixtures, loadDemoFixtures } from '@/server/testing/demo-fixtures';
import { expectInvariants, fullPriceType, newCart } from '@/server/testing/selling';
import { createTestService, describeEachDatabase, HARBOUR, type TestService } from '@/server/testing/test-service';

describeEachDatabase('public cart', (database) => {
  let service: TestService;
  let fx: DemoFixtures;

  beforeAll(async () => {
    service = await createTestService({ database });
    fx = await loadDemoFixtures(service.db);
  });
  afterAll(async () => {
    await service?.close();
  });

  const add = (cartId: string, body: unknown) =>
    service.request(`/v1/demo/cart/${cartId}`, { method: 'POST', json: body });
  const cartOf = async (response: Response) => {
    const body = await response.json();
    expect({ status: response.status, body }).toMatchObject({ status: 200 });
    return publicCartSchema.parse(body);
  };
  const errorOf = async (response: Response, status: number) => {
    expect(response.status).toBe(status);
    return errorBodySchema.parse(await response.json());
  };

  it('starts empty as [{ cart: 0 }] and 404s unknown or foreign carts with "Cart not found"', async () => {
    const cartId = await newCart(service);
    expect(await (await service.request(`/v1/demo/cart/${cartId}`)).json()).toEqual([{ cart: 0 }]);
    const foreign = await newCart(service, HARBOUR.client);
    for (const path of ['/v1/demo/cart/unknown', `/v1/demo/cart/${foreign}`]) {
      expect(await errorOf(await service.request(path), 404)).toEqual({ message: 'Cart not found' });
    }
    const body = { event_id: fx.reserved.eventId, numberoftickets: 1, discount_id: '1' };
    expect(await errorOf(await add(foreign, body), 404)).toEqual({ message: 'Cart not found' });
    expect((await service.request(`/v1/demo/cart/${foreign}/1`, { method: 'DELETE' })).status).toBe(404);
  });

  it('adds reserved seats as one line per seat with row and seat, the total last (spec 2.4)', async () => {
    const cartId = await newCart(service);
    const discount = await fullPriceType(service.db, fx.reserved.eventId, fx.reserved.rankId);
    const cart = await cartOf(
      await add(cartId, { event_id: fx.reserved.eventId, numberoftickets: 2, discount_id: discount }),
    );
    expect(cart).toHaveLength(3);
    const items = cart.slice(0, 2).map((item) => publicCartItemSchema.strict().parse(item));
    for (const item of items) {
      expect(item).toMatchObject({ event_id: fx.reserved.eventId, numberoftickets: 1, discount_id: discount });
      expect(Number(item.seat_row_nr)).toBeGreaterThan(0);
      expect(Number(item.seat_nr)).toBeGreaterThan(0);
      expect(item.event_date).toMatch(/^\d{2}-\d{2}-\d{4}$/);
      expect(item.event_time).toMatch(/^\d{2}:\d{2}$/);
      expect(item.seat_price).toMatch(/^\d+\.\d{2}$/);
      expect(item.pmp_name).not.toBeNull();
    }
    const total = items.reduce((sum, item) => sum + Math.round(Number(item.seat_price) * 100), 0);
    expect(cart[2]).toEqual({ totalprice: (total / 100).toFixed(2) });
    // Deleting one line: 200 with an empty body, and the seat is free again.
    const removed = await service.request(`/v1/demo/cart/${cartId}/${items[0]?.seat_id}`, { method: 'DELETE' });
    expect(removed.status).toBe(200);
    expect(await removed.text()).toBe('');
    const after = await cartOf(await service.request(`/v1/demo/cart/${cartId}`));
    expect(after).toHaveLength(2);
    await errorOf(await service.request(`/v1/demo/cart/${cartId}/${items[0]?.seat_id}`, { method: 'DELETE' }), 404);
    await expectInvariants(service.db);
  });

  it('sells general admission as one line with numberoftickets', async () => {
    const cartId = await newCart(service);
    const { eventId, rankId } = fx.generalAdmission;
    const discount = await fullPriceType(service.db, eventId, rankId);
    const cart = await cartOf(await add(cartId, { event_id: eventId, numberoftickets: 3, discount_id: discount }));
    expect(cart).toHaveLength(2);
    expect(cart[0]).toMatchObject({ numberoftickets: 3, seat_row_nr: '0', seat_nr: '0', pmp_name: null });
    await expectInvariants(service.db);
  });

  it('errors on the add beyond a per-order maximum, beyond event_free, and for tag or inactive discounts', async () => {
    const type = fx.ticketTypes.maxPerOrder;
    const max = type.maxPerOrder ?? 1;
    const cartId = await newCart(service);
    const body = { event_id: type.eventId, numberoftickets: max, discount_id: String(type.ticketTypeId) };
    await cartOf(await add(cartId, body));
    await errorOf(await add(cartId, { ...body, numberoftickets: 1 }), 422);

    const { rows } = await service.db.query<{ max_per_order: number }>(
      'select max_per_order from events where id = $1',
      [fx.reserved.eventId],
    );
    const eventMax = rows[0]?.max_per_order ?? 10;
    const discount = await fullPriceType(service.db, fx.reserved.eventId, fx.reserved.rankId);
    const other = await newCart(service);
    const tooMany = await errorOf(
      await add(other, { event_id: fx.reserved.eventId, numberoftickets: eventMax + 1, discount_id: discount }),
      422,
    );
    expect(tooMany.message).toContain(String(eventMax));
    await cartOf(await add(other, { event_id: fx.reserved.eventId, numberoftickets: eventMax, discount_id: discount }));
    await errorOf(await add(other, { event_id: fx.reserved.eventId, numberoftickets: 1, discount_id: discount }), 422);

    const fresh = await newCart(service);
    for (const tt of [fx.ticketTypes.tagged, fx.ticketTypes.timeLimitedInactive]) {
      await errorOf(
        await add(fresh, { event_id: tt.eventId, numberoftickets: 1, discount_id: String(tt.ticketTypeId) }),
        422,
      );
    }
    // A discount of another event, and events the public cannot buy.
    await errorOf(
      await add(fresh, { event_id: fx.generalAdmission.eventId, numberoftickets: 1, discount_id: discount }),
      422,
    );
    expect(
      await errorOf(
        await add(fresh, { event_id: fx.eventsByType.voucher, numberoftickets: 1, discount_id: discount }),
        404,
      ),
    ).toEqual({ message: 'sub_event not found' });
    await errorOf(await add(fresh, { event_id: fx.reserved.eventId, numberoftickets: 0, discount_id: discount }), 422);
    await errorOf(await add(fresh, { event_id: fx.reserved.eventId }), 422);
    expect(await (await service.request(`/v1/demo/cart/${fresh}`)).json()).toEqual([{ cart: 0 }]);
    await expectInvariants(service.db);
  });

  it('never sells a blocked seat', async () => {
    const { rows } = await service.db.query<{ n: number }>(
      `select count(*)::int as n from seat_claims c join cart_items ci on ci.event_id = c.event_id and ci.seat_id = c.seat_id
        where c.state = 'block'`,
    );
    expect(rows[0]?.n).toBe(0);
  });
});
