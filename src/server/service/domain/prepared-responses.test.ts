import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderPage } from '@/contract/order';
import type { SeatPlan } from '@/contract/seating';
import type { Queryable } from '../../db/database';
import { type DemoFixtures, loadDemoFixtures } from '../../testing/demo-fixtures';
import { fullPriceType, newCart } from '../../testing/selling';
import { createTestService, DEMO, describeEachDatabase, type TestService } from '../../testing/test-service';
import { seatPlanBody } from './seating';

/**
 * Seating plans and pages of orders are prepared once and reused (change-counters.ts). Reuse must never
 * show stale data: every sale, release, block, customer change and hold lapse shows at once — also in a
 * second service instance sharing the PostgreSQL database (PGlite has one process, so there both
 * "instances" are the same service).
 */
describeEachDatabase('prepared responses stay current', (database) => {
  let first: TestService;
  let second: TestService;
  let fx: DemoFixtures;

  beforeAll(async () => {
    first = await createTestService({ database });
    second = first.databaseUrl ? await createTestService({ databaseUrl: first.databaseUrl }) : first;
    fx = await loadDemoFixtures(first.db);
  });
  afterAll(async () => {
    if (second !== first) await second?.close();
    await first?.close();
  });

  const call = (service: TestService, method: string, path: string, json?: unknown) =>
    service.request(`/v1/demo/partner${path}`, { method, key: DEMO.apiKey, ...(json === undefined ? {} : { json }) });

  async function seatPlan(service: TestService): Promise<SeatPlan> {
    const response = await call(service, 'GET', `/seating/${fx.reserved.eventId}`);
    expect(response.status).toBe(200);
    return (await response.json()) as SeatPlan;
  }

  const seatOf = (plan: SeatPlan, seatId: string) =>
    plan.sections.flatMap((section) => section.rows.flatMap((row) => row.seats)).find((seat) => seat.seatId === seatId);

  function freeSeats(plan: SeatPlan, rankId: number): string[] {
    return plan.sections.flatMap((section) =>
      section.rows.flatMap((row) =>
        row.seats.filter((seat) => seat.available && seat.rankId === rankId).map((seat) => seat.seatId),
      ),
    );
  }

  async function orderPage(service: TestService): Promise<OrderPage> {
    const response = await call(service, 'GET', '/order?page=1');
    expect(response.status).toBe(200);
    return (await response.json()) as OrderPage;
  }

  it('reuses an unchanged seating plan', async () => {
    const build = () => seatPlanBody(first.db, fx.demo.clientId, fx.reserved.eventId, new Date());
    const once = await build();
    expect(await build()).toBe(once);
  });

  it('shows a hold, a release, a sale and a block of another instance in the plan at once', async () => {
    const before = await seatPlan(first);
    await seatPlan(first); // now certainly prepared
    const [seatId, blockedSeatId] = freeSeats(before, fx.reserved.rankId);
    if (!seatId || !blockedSeatId) throw new Error('no free seats in the fixture event');
    const item = {
      priceId: await fullPriceType(first.db, fx.reserved.eventId, fx.reserved.rankId),
      rankId: fx.reserved.rankId,
      eventId: fx.reserved.eventId,
      seatId,
    };

    const held = await newCart(second);
    expect((await call(second, 'POST', `/cart/${held}`, [item])).status).toBe(200);
    const whileHeld = await seatPlan(first);
    expect(seatOf(whileHeld, seatId)?.available).toBe(false);
    expect(whileHeld.available).toBe(before.available - 1);

    expect((await call(second, 'DELETE', `/cart/${held}`)).status).toBe(200);
    const released = await seatPlan(first);
    expect(seatOf(released, seatId)?.available).toBe(true);
    expect(released.available).toBe(before.available);

    const sold = await newCart(second);
    expect((await call(second, 'POST', `/cart/${sold}`, [item])).status).toBe(200);
    await seatPlan(first);
    const checkout = await call(second, 'POST', `/cart/${sold}/checkout`, {
      customerId: fx.customers.withTags.customerId,
      paymentMethodId: fx.paymentMethods.cash,
    });
    expect(checkout.status).toBe(200);
    expect(seatOf(await seatPlan(first), seatId)?.available).toBe(false);

    // An offline block written straight into the database (administration, not the interface).
    await second.db.query(
      `insert into seat_claims (event_id, seat_id, state, block_type) values ($1, $2, 'block', 'tech')`,
      [fx.reserved.eventId, Number(blockedSeatId)],
    );
    const blocked = await seatPlan(first);
    expect(seatOf(blocked, blockedSeatId)?.available).toBe(false);
    expect(blocked.available).toBe(before.available - 2);
  });

  it('shows a new order and a changed customer of another instance on the first page of orders at once', async () => {
    const before = await orderPage(first);
    await orderPage(first);
    const cartId = await newCart(second);
    const added = await call(second, 'POST', `/cart/${cartId}`, [
      {
        priceId: await fullPriceType(first.db, fx.reserved.eventId, fx.reserved.rankId),
        rankId: fx.reserved.rankId,
        eventId: fx.reserved.eventId,
      },
    ]);
    expect(added.status).toBe(200);
    const checkout = await call(second, 'POST', `/cart/${cartId}/checkout`, {
      customerId: fx.customers.withTags.customerId,
      paymentMethodId: fx.paymentMethods.cash,
    });
    const { orderId } = (await checkout.json()) as { orderId: number };

    const after = await orderPage(first);
    expect(after.total).toBe(before.total + 1);
    expect(after.data[0]?.orderId).toBe(orderId);
    const exported = await call(first, 'POST', '/export/orders?page=1', {});
    expect(((await exported.json()) as OrderPage).total).toBe(after.total);

    const city = `Cachestad ${Date.now()}`;
    const update = await call(second, 'PUT', `/customer/${fx.customers.withTags.customerId}`, { customerCity: city });
    expect(update.status).toBe(200);
    expect((await orderPage(first)).data[0]?.user?.customerCity).toBe(city);
  });

  /** The counters' own rules (migrations 004 and 006), written straight in the database. */
  describe('change counters', () => {
    const counters = async (keys: string[]) => {
      const { rows } = await first.db.query<{ key: string; n: string }>(
        'select key, sum(n)::text as n from change_counters where key = any($1::text[]) group by key',
        [keys],
      );
      return Object.fromEntries(keys.map((key) => [key, Number(rows.find((row) => row.key === key)?.n ?? 0)]));
    };
    const eventKey = () => `event:${fx.reserved.eventId}`;
    const ordersKey = () => `orders:${fx.demo.clientId}`;
    const touchEvent = (tx: Queryable) =>
      tx.query(
        `insert into seat_claims (event_id, seat_id, state, block_type)
         select $1, s.id, 'block', 'tech' from seats s join events e on e.hall_id = s.hall_id and e.id = $1
          where not exists (select 1 from seat_claims c where c.event_id = $1 and c.seat_id = s.id)
          order by s.id limit 1`,
        [fx.reserved.eventId],
      );
    const touchOrders = (tx: Queryable) =>
      tx.query(
        'update orders set last_changed = last_changed where id = (select max(id) from orders where client_id = $1)',
        [fx.demo.clientId],
      );

    it('moves each key a transaction touched once, at its commit, however many statements touched it', async () => {
      const before = await counters([eventKey(), ordersKey()]);
      await first.db.transaction(async (tx) => {
        await touchEvent(tx);
        await touchEvent(tx);
        await touchOrders(tx);
        await touchEvent(tx);
      });
      expect(await counters([eventKey(), ordersKey()])).toEqual({
        [eventKey()]: (before[eventKey()] ?? 0) + 1,
        [ordersKey()]: (before[ordersKey()] ?? 0) + 1,
      });
    });

    it('forgets the keys of a rolled-back savepoint with its changes, and keeps the others', async () => {
      const before = await counters([eventKey(), ordersKey()]);
      await first.db.transaction(async (tx) => {
        await touchOrders(tx);
        await tx.query('savepoint undone');
        await touchEvent(tx);
        await tx.query('rollback to savepoint undone');
      });
      expect(await counters([eventKey(), ordersKey()])).toEqual({
        [eventKey()]: before[eventKey()],
        [ordersKey()]: (before[ordersKey()] ?? 0) + 1,
      });
    });

    it('moves keys touched after the counters were applied early (set constraints all immediate)', async () => {
      const before = await counters([eventKey(), ordersKey()]);
      await first.db.transaction(async (tx) => {
        await touchOrders(tx);
        await tx.query('set constraints all immediate');
        await tx.query('set constraints all deferred');
        await touchEvent(tx);
        await touchOrders(tx);
      });
      const after = await counters([eventKey(), ordersKey()]);
      expect(after[eventKey()]).toBe((before[eventKey()] ?? 0) + 1);
      expect(after[ordersKey()]).toBe((before[ordersKey()] ?? 0) + 2);
    });
  });
});

/** A lapse changes availability without any write: the prepared plan must not outlive the first hold in it. */
describeEachDatabase('prepared seating plans and hold expiry', (database) => {
  let service: TestService;
  let fx: DemoFixtures;
  let clock = new Date(Math.ceil(Date.now() / 1000) * 1000 + 60_000);

  beforeAll(async () => {
    service = await createTestService({ database, cartTimeoutSeconds: 60, now: () => clock });
    fx = await loadDemoFixtures(service.db);
  });
  afterAll(async () => {
    await service?.close();
  });

  const plan = async () => {
    const response = await service.request(`/v1/demo/partner/seating/${fx.reserved.eventId}`, { key: DEMO.apiKey });
    expect(response.status).toBe(200);
    return (await response.json()) as SeatPlan;
  };
  const available = (seatPlan: SeatPlan, seatId: string) =>
    seatPlan.sections.flatMap((s) => s.rows.flatMap((r) => r.seats)).find((seat) => seat.seatId === seatId)?.available;

  it('frees a held seat exactly at timeOut, and holds it again for an earlier clock', async () => {
    const start = clock;
    const cartId = await newCart(service);
    const added = await service.request(`/v1/demo/partner/cart/${cartId}`, {
      method: 'POST',
      key: DEMO.apiKey,
      json: [
        {
          priceId: await fullPriceType(service.db, fx.reserved.eventId, fx.reserved.rankId),
          rankId: fx.reserved.rankId,
          eventId: fx.reserved.eventId,
        },
      ],
    });
    expect(added.status).toBe(200);
    const { cartItems, timeOut } = (await added.json()) as { cartItems: { seatId?: string }[]; timeOut: string };
    const seatId = cartItems[0]?.seatId;
    if (!seatId) throw new Error('no seat held');
    expect(new Date(timeOut).getTime()).toBe(start.getTime() + 60_000);

    expect(available(await plan(), seatId)).toBe(false);
    clock = new Date(start.getTime() + 59_999);
    expect(available(await plan(), seatId)).toBe(false);
    clock = new Date(start.getTime() + 60_000);
    expect(available(await plan(), seatId)).toBe(true);
    clock = new Date(start.getTime() + 30_000);
    expect(available(await plan(), seatId)).toBe(false);
  });
});
