import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PartnerCart } from '@/contract/partner-cart';
import { type DemoFixtures, loadDemoFixtures } from '../../testing/demo-fixtures';
import { expectInvariants, fullPriceType, newCart, partner } from '../../testing/selling';
import { createTestService, describeEachDatabase, type TestService } from '../../testing/test-service';
import { generalTakenByEvent, takenSeatIds } from './availability';

/** DESIGN.md decision 8 on the real clock, with CART_TIMEOUT_SECONDS=2. */
describeEachDatabase('hold expiry (CART_TIMEOUT_SECONDS=2)', (database) => {
  let service: TestService;
  let fx: DemoFixtures;

  beforeAll(async () => {
    service = await createTestService({ database, cartTimeoutSeconds: 2 });
    fx = await loadDemoFixtures(service.db);
  });
  afterAll(async () => {
    await service?.close();
  });

  it('gives the held seats and places back at timeOut; the cart loses its tickets and stays usable', async () => {
    const api = partner(service);
    const reserved = {
      priceId: await fullPriceType(service.db, fx.reserved.eventId, fx.reserved.rankId),
      rankId: fx.reserved.rankId,
      eventId: fx.reserved.eventId,
    };
    const ga = fx.generalAdmission;
    const gaItem = {
      priceId: await fullPriceType(service.db, ga.eventId, ga.rankId),
      rankId: ga.rankId,
      eventId: ga.eventId,
    };
    const gaTakenBefore = (await generalTakenByEvent(service.db, [ga.eventId], new Date())).get(ga.eventId) ?? 0;

    const cartId = await newCart(service);
    const added = await api.post(`/cart/${cartId}`, [
      { ...reserved, numberOfTickets: 2 },
      { ...gaItem, numberOfTickets: 3 },
      { priceId: 'donation', rankId: 0, amount: 1, itemType: 'donation' },
    ]);
    expect(added.status).toBe(200);
    const cart = (await added.json()) as PartnerCart;
    const seatIds = cart.cartItems.flatMap((item) => (item.seatId ? [Number(item.seatId)] : []));
    expect(seatIds).toHaveLength(2);
    const timeOut = new Date(cart.timeOut).getTime();
    expect(timeOut - Date.now()).toBeLessThanOrEqual(2000);
    const heldNow = await takenSeatIds(service.db, fx.reserved.eventId, new Date());
    for (const seat of seatIds) expect(heldNow.has(seat)).toBe(true);
    expect((await generalTakenByEvent(service.db, [ga.eventId], new Date())).get(ga.eventId)).toBe(gaTakenBefore + 3);

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, timeOut - Date.now()) + 100));

    // Free for everyone at once, before the cart itself is looked at again.
    const takenAfter = await takenSeatIds(service.db, fx.reserved.eventId, new Date());
    for (const seat of seatIds) expect(takenAfter.has(seat)).toBe(false);
    expect((await generalTakenByEvent(service.db, [ga.eventId], new Date())).get(ga.eventId) ?? 0).toBe(gaTakenBefore);
    const other = await newCart(service);
    const retaken = await api.post(`/cart/${other}`, [{ ...reserved, seatId: String(seatIds[0]) }]);
    expect(retaken.status).toBe(200);

    const lapsed = (await (await api.get(`/cart/${cartId}`)).json()) as PartnerCart;
    expect(lapsed.cartItems.map((item) => item.itemType)).toEqual(['donation']);
    const claims = await service.db.query('select 1 from seat_claims where cart_id = $1', [cartId]);
    expect(claims.rows).toEqual([]);

    const again = await api.post(`/cart/${cartId}`, [{ ...reserved, seatId: String(seatIds[1]) }]);
    expect(again.status).toBe(200);
    const renewed = (await again.json()) as PartnerCart;
    expect(renewed.cartItems.map((item) => item.seatId ?? item.itemType)).toEqual(['donation', String(seatIds[1])]);
    expect(new Date(renewed.timeOut).getTime()).toBeGreaterThan(timeOut);
    await expectInvariants(service.db);
  });
});
