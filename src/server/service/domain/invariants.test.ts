import { afterAll, beforeAll, expect, it } from 'vitest';
import { type DemoFixtures, loadDemoFixtures } from '../../testing/demo-fixtures';
import { checkInventoryInvariants } from '../../testing/invariants';
import { fullPriceType, newCart, partner } from '../../testing/selling';
import { createTestService, describeEachDatabase, type TestService } from '../../testing/test-service';

/** The checker itself: clean on the demo data, and each rule catches a deliberately broken row. */
describeEachDatabase('inventory invariants', (database) => {
  let service: TestService;
  let fx: DemoFixtures;

  beforeAll(async () => {
    service = await createTestService({ database });
    fx = await loadDemoFixtures(service.db);
  });
  afterAll(async () => {
    await service?.close();
  });

  const labels = async () => (await checkInventoryInvariants(service.db)).map((line) => line.split(':')[0]);

  it('holds on the seeded demo data', async () => {
    expect(await checkInventoryInvariants(service.db)).toEqual([]);
  });

  it('reports each kind of violation', async () => {
    const { eventId, rankId } = fx.reserved;
    const cartId = await newCart(service);
    const added = await partner(service).post(`/cart/${cartId}`, [
      { priceId: await fullPriceType(service.db, eventId, rankId), rankId, eventId, numberOfTickets: 2 },
    ]);
    expect(added.status).toBe(200);
    // A hold lapsing at another instant than its cart.
    await service.db.query(
      `update seat_claims set expires_at = expires_at + interval '1 minute'
        where (event_id, seat_id) = (select event_id, seat_id from seat_claims where cart_id = $1 limit 1)`,
      [cartId],
    );
    // A seat line of a live cart that lost its hold.
    await service.db.query(
      `delete from seat_claims where (event_id, seat_id) = (
         select event_id, seat_id from seat_claims where cart_id = $1 order by seat_id desc limit 1)`,
      [cartId],
    );
    // A sold seat without its order line, and an order whose total is off.
    const { orderId } = fx.paidOrder;
    await service.db.query(
      `update order_seats set deleted_at = now()
        where id = (select id from order_seats where order_id = $1 and seat_id is not null order by id limit 1)`,
      [orderId],
    );
    // General admission over capacity, and a discount over its per-event maximum.
    await service.db.query(
      `insert into event_blocks (event_id, block_type, count)
       select $1, 'press', h.capacity + 1 from events e join halls h on h.id = e.hall_id where e.id = $1
       on conflict (event_id, block_type) do update set count = excluded.count`,
      [fx.generalAdmission.eventId],
    );
    await service.db.query('update ticket_types set max_per_event = 0 where id = $1', [
      fx.ticketTypes.maxPerEventReached.ticketTypeId,
    ]);
    expect(new Set(await labels())).toEqual(
      new Set([
        'hold outlives its cart',
        'seat line of a live cart not held by it',
        'sold seat without exactly one order line',
        'order total is not lines + fee + donation',
        'general admission over capacity',
        'discount over its per-event maximum',
      ]),
    );
  });
});
