import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DemoFixtures, loadDemoFixtures } from '../../testing/demo-fixtures';
import { checkInventoryInvariants } from '../../testing/invariants';
import { fullPriceType } from '../../testing/selling';
import { createTestService, DEMO, type TestService, testPostgresUrl } from '../../testing/test-service';
import { generalTakenByEvent } from './availability';

/**
 * Never oversell, on a real PostgreSQL server with many connections and two service instances sharing one
 * database (as several processes would). PGlite has one connection, so it cannot show this; without a
 * PostgreSQL server (TEST_POSTGRES_URL / the global setup's server) the suite does not run — and CI sets
 * REQUIRE_POSTGRES=1, which makes the global setup fail instead.
 */

const BUYERS = 200;
const LAST = 100;

interface BuyerResult {
  status: number;
  cartId: string;
  orderId?: number;
}

describe.runIf(Boolean(testPostgresUrl()))('selling under concurrency [postgres, 2 instances]', () => {
  let first: TestService;
  let second: TestService;
  let fx: DemoFixtures;

  beforeAll(async () => {
    first = await createTestService({ database: 'postgres', poolSize: 10 });
    if (!first.databaseUrl) throw new Error('the postgres test service has no database URL');
    second = await createTestService({ databaseUrl: first.databaseUrl, poolSize: 10 });
    fx = await loadDemoFixtures(first.db);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
  });

  const instance = (i: number) => (i % 2 === 0 ? first : second);

  async function newCart(service: TestService): Promise<string> {
    const response = await service.request(`/v1/${DEMO.client}/cart/`, { method: 'POST' });
    expect(response.status).toBe(201);
    return ((await response.json()) as { cart_id: string }).cart_id;
  }

  /**
   * One buyer: a cart, one add of one ticket; every third successful buyer also checks out with cash. With
   * `publicToo`, every fourth buyer adds through the public group instead (`POST /cart/{id}`).
   */
  async function buyer(i: number, item: Record<string, unknown>, publicToo = false): Promise<BuyerResult> {
    const service = instance(i);
    const cartId = await newCart(service);
    const added =
      publicToo && i % 4 === 1
        ? await service.request(`/v1/demo/cart/${cartId}`, {
            method: 'POST',
            json: { event_id: item.eventId, numberoftickets: 1, discount_id: item.priceId },
          })
        : await service.request(`/v1/demo/partner/cart/${cartId}`, { method: 'POST', key: DEMO.apiKey, json: [item] });
    await added.arrayBuffer();
    if (added.status !== 200 || i % 3 !== 0) return { status: added.status, cartId };
    const checkout = await service.request(`/v1/demo/partner/cart/${cartId}/checkout`, {
      method: 'POST',
      key: DEMO.apiKey,
      json: { customerId: fx.customers.withTags.customerId, paymentMethodId: fx.paymentMethods.cash },
    });
    expect(checkout.status).toBe(200);
    const { orderId } = (await checkout.json()) as { orderId: number };
    return { status: 200, cartId, orderId };
  }

  const statusCounts = (results: BuyerResult[]) =>
    results.reduce<Record<number, number>>((counts, r) => {
      counts[r.status] = (counts[r.status] ?? 0) + 1;
      return counts;
    }, {});

  /**
   * Exactly LAST buyers win; every other one is refused: 409 when it lost the race for the last ones, or —
   * public buyers — 422 when nothing was left within `event_free` by the time it asked.
   */
  function expectWinners(counts: Record<number, number>): void {
    expect(counts[200]).toBe(LAST);
    expect((counts[409] ?? 0) + (counts[422] ?? 0)).toBe(BUYERS - LAST);
  }

  async function expectClean(): Promise<void> {
    expect(await checkInventoryInvariants(first.db)).toEqual([]);
  }

  it('20 sellers on one named seat at once (the one-statement add): one holds it, 19 get 409 naming it', async () => {
    const { eventId, hallId, rankId } = fx.reserved;
    const { rows: free } = await first.db.query<{ id: number }>(
      `select s.id from seats s where s.hall_id = $1 and s.rank_id = $2
          and not exists (select 1 from seat_claims c where c.event_id = $3 and c.seat_id = s.id)
        order by s.quality desc, s.id limit 3`,
      [hallId, rankId, eventId],
    );
    const [warmFirst, warmSecond, contested] = free.map((row) => String(row.id));
    const priceId = String(await fullPriceType(first.db, eventId, rankId));
    const add = async (service: TestService, seatId: string | undefined) => {
      const cartId = await newCart(service);
      const response = await service.request(`/v1/demo/partner/cart/${cartId}`, {
        method: 'POST',
        key: DEMO.apiKey,
        json: [{ priceId, rankId, eventId, seatId }],
      });
      return { cartId, status: response.status, body: (await response.json()) as { message?: string } };
    };
    // A first add per instance tells it the catalog's version: the contested adds go in one statement each.
    expect((await add(first, warmFirst)).status).toBe(200);
    expect((await add(second, warmSecond)).status).toBe(200);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => add(instance(i), contested)));
    expect(statusCounts(results.map((r) => ({ status: r.status, cartId: r.cartId })))).toEqual({ 200: 1, 409: 19 });
    for (const refused of results.filter((r) => r.status === 409)) {
      expect(refused.body.message).toMatch(
        new RegExp(`^Seat ${contested} \\(row \\d+, seat \\d+\\) is no longer available\\.$`),
      );
    }
    const winner = results.find((r) => r.status === 200)?.cartId;
    const { rows: claims } = await first.db.query<{ cart_id: string }>(
      'select cart_id from seat_claims where event_id = $1 and seat_id = $2',
      [eventId, Number(contested)],
    );
    expect(claims).toEqual([{ cart_id: winner }]);
    const { rows: lines } = await first.db.query<{ n: number }>(
      'select count(*)::int as n from cart_items where event_id = $1 and seat_id = $2',
      [eventId, Number(contested)],
    );
    expect(lines[0]?.n).toBe(1);
    await expectClean();
  });

  it(`${BUYERS} buyers, the last ${LAST} reserved seats: exactly ${LAST} sold or held, none twice, none lost`, async () => {
    const { eventId, hallId, rankId } = fx.reserved;
    // Exactly LAST free seats in the rank: block every other free one.
    const { rows: free } = await first.db.query<{ id: number }>(
      `select s.id from seats s where s.hall_id = $1 and s.rank_id = $2
          and not exists (select 1 from seat_claims c where c.event_id = $3 and c.seat_id = s.id)
        order by s.quality, s.id`,
      [hallId, rankId, eventId],
    );
    expect(free.length).toBeGreaterThanOrEqual(LAST);
    const target = free.slice(0, LAST).map((r) => r.id);
    await first.db.query(
      `insert into seat_claims (event_id, seat_id, state, block_type)
       select $1, unnest($2::int[]), 'block', 'tech'`,
      [eventId, free.slice(LAST).map((r) => r.id)],
    );
    const priceId = await fullPriceType(first.db, eventId, rankId);
    const started = performance.now();
    const results = await Promise.all(Array.from({ length: BUYERS }, (_, i) => buyer(i, { priceId, rankId, eventId })));
    const ms = Math.round(performance.now() - started);
    const counts = statusCounts(results);
    const { rows } = await first.db.query<{ sold: number; held: number; distinct_seats: number }>(
      `select count(*) filter (where state = 'sold')::int as sold, count(*) filter (where state = 'hold')::int as held,
              count(distinct seat_id)::int as distinct_seats
         from seat_claims where event_id = $1 and seat_id = any($2::int[])`,
      [eventId, target],
    );
    const lines = await first.db.query<{ n: number; distinct_seats: number }>(
      `select count(*)::int as n, count(distinct ci.seat_id)::int as distinct_seats
         from cart_items ci where ci.cart_id = any($1::text[])`,
      [results.map((r) => r.cartId)],
    );
    const orderLines = await first.db.query<{ n: number }>(
      `select count(*)::int as n from order_seats where order_id = any($1::int[]) and deleted_at is null`,
      [results.flatMap((r) => (r.orderId ? [r.orderId] : []))],
    );
    const claims = rows[0] ?? { sold: 0, held: 0, distinct_seats: 0 };
    console.log(
      `[concurrency] reserved: ${BUYERS} buyers for ${LAST} seats in ${ms} ms → statuses ${JSON.stringify(counts)}, ` +
        `sold ${claims.sold} + held ${claims.held} = ${claims.sold + claims.held}, distinct seats ${claims.distinct_seats}`,
    );
    expectWinners(counts);
    expect(claims.sold + claims.held).toBe(LAST);
    expect(claims.distinct_seats).toBe(LAST);
    // Zero lost: every winner holds exactly its one seat, as a cart line or as an order line.
    expect((lines.rows[0]?.n ?? 0) + (orderLines.rows[0]?.n ?? 0)).toBe(LAST);
    expect(lines.rows[0]?.n).toBe(lines.rows[0]?.distinct_seats);
    expect(claims.held).toBe(lines.rows[0]?.n);
    await expectClean();
  });

  it(`${BUYERS} buyers, the last ${LAST} general-admission places: exactly ${LAST} taken`, async () => {
    const { eventId, rankId } = fx.generalAdmission;
    const now = new Date();
    const { rows: hall } = await first.db.query<{ capacity: number }>(
      'select h.capacity from events e join halls h on h.id = e.hall_id where e.id = $1',
      [eventId],
    );
    const capacity = hall[0]?.capacity ?? 0;
    const taken = (await generalTakenByEvent(first.db, [eventId], now)).get(eventId) ?? 0;
    expect(capacity - taken).toBeGreaterThanOrEqual(LAST);
    await first.db.query(
      `insert into event_blocks (event_id, block_type, count) values ($1, 'tech', $2)
       on conflict (event_id, block_type) do update set count = event_blocks.count + excluded.count`,
      [eventId, capacity - taken - LAST],
    );
    const priceId = await fullPriceType(first.db, eventId, rankId);
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: BUYERS }, (_, i) => buyer(i, { priceId, rankId, eventId, numberOfTickets: 1 }, true)),
    );
    const ms = Math.round(performance.now() - started);
    const counts = statusCounts(results);
    const after = (await generalTakenByEvent(first.db, [eventId], new Date())).get(eventId) ?? 0;
    const sold = await first.db.query<{ n: number }>(
      `select count(*)::int as n from order_seats where order_id = any($1::int[]) and deleted_at is null`,
      [results.flatMap((r) => (r.orderId ? [r.orderId] : []))],
    );
    const held = await first.db.query<{ n: number }>(
      `select coalesce(sum(quantity), 0)::int as n from cart_items where cart_id = any($1::text[])`,
      [results.map((r) => r.cartId)],
    );
    const soldN = sold.rows[0]?.n ?? 0;
    const heldN = held.rows[0]?.n ?? 0;
    console.log(
      `[concurrency] general admission: ${BUYERS} buyers for ${LAST} places in ${ms} ms → statuses ${JSON.stringify(counts)}, ` +
        `sold ${soldN} + held ${heldN} = ${soldN + heldN}; taken ${after} of capacity ${capacity}`,
    );
    expectWinners(counts);
    expect(soldN + heldN).toBe(LAST);
    expect(after).toBe(capacity);
    await expectClean();
  });

  it(`${BUYERS} buyers, a discount with ${LAST} left of its per-event maximum: exactly ${LAST} sold or held`, async () => {
    // A discount of our own on the arena, where seats far outnumber the buyers: its maximum is what runs out.
    const { eventId, rankId } = fx.arena;
    const now = new Date();
    const { rows: created } = await first.db.query<{ id: number }>(
      `insert into ticket_types (event_id, rank_id, name, discount_type, discount_value, max_per_event, position)
       values ($1, $2, 'Concurrency actie', '€', 100, $3, 99) returning id`,
      [eventId, rankId, LAST],
    );
    const type = { ticketTypeId: created[0]?.id ?? 0, eventId, rankId };
    const used = 0;
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: BUYERS }, (_, i) =>
        buyer(i, { priceId: String(type.ticketTypeId), rankId: type.rankId, eventId: type.eventId }),
      ),
    );
    const ms = Math.round(performance.now() - started);
    const counts = statusCounts(results);
    const { rows } = await first.db.query<{ sold: number; held: number }>(
      `select (select count(*) from order_seats where ticket_type_id = $1 and deleted_at is null)::int - $3 as sold,
              (select coalesce(sum(quantity), 0) from cart_items where ticket_type_id = $1 and cart_id = any($2::text[]))::int as held`,
      [type.ticketTypeId, results.map((r) => r.cartId), used],
    );
    const soldN = rows[0]?.sold ?? 0;
    const heldN = rows[0]?.held ?? 0;
    console.log(
      `[concurrency] discount max per event: ${BUYERS} buyers for ${LAST} left in ${ms} ms → statuses ${JSON.stringify(counts)}, ` +
        `sold ${soldN} + held ${heldN} = ${soldN + heldN} (maximum ${used + LAST}, ${used} used before)`,
    );
    expect(counts).toEqual({ 200: LAST, 409: BUYERS - LAST });
    expect(soldN + heldN).toBe(LAST);
    expect(now.getTime()).toBeLessThanOrEqual(Date.now());
    await expectClean();
  });

  it('50 concurrent checkouts of one cart make exactly one order, and all 50 get it', async () => {
    const cartId = await newCart(first);
    const { eventId, rankId } = fx.arena;
    const priceId = await fullPriceType(first.db, eventId, rankId);
    const added = await first.request(`/v1/demo/partner/cart/${cartId}`, {
      method: 'POST',
      key: DEMO.apiKey,
      json: [{ priceId, rankId, eventId, numberOfTickets: 2 }],
    });
    expect(added.status).toBe(200);
    const body = { customerId: fx.customers.withTags.customerId, paymentMethodId: fx.paymentMethods.cash };
    const results = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const response = await instance(i).request(`/v1/demo/partner/cart/${cartId}/checkout`, {
          method: 'POST',
          key: DEMO.apiKey,
          json: body,
        });
        return { status: response.status, body: (await response.json()) as { orderId: number; orderKey: string } };
      }),
    );
    const orderIds = new Set(results.map((r) => r.body.orderId));
    const { rows } = await first.db.query<{ n: number }>('select count(*)::int as n from orders where cart_id = $1', [
      cartId,
    ]);
    console.log(
      `[concurrency] checkout: 50 concurrent checkouts of one cart → statuses ${JSON.stringify(
        statusCounts(results.map((r) => ({ status: r.status, cartId }))),
      )}, distinct orderIds ${orderIds.size}, orders in the database ${rows[0]?.n}`,
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(orderIds.size).toBe(1);
    expect(new Set(results.map((r) => r.body.orderKey)).size).toBe(1);
    expect(rows[0]?.n).toBe(1);
    await expectClean();
  });
});
