import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@/contract/common';
import { customerSchema } from '@/contract/customer';
import { type OrderExport, orderPageSchema, orderSchema } from '@/contract/order';
import { type DemoFixtures, loadDemoFixtures } from '@/server/testing/demo-fixtures';
import { createTestService, DEMO, describeEachDatabase, type TestService } from '@/server/testing/test-service';
import { relative, walkPages } from '@/server/testing/walk-pages';
import { localDate, localTime, startOfLocalDay, toZonedIso } from '@/server/time';

const cents = (amount: number) => Math.round(amount * 100);
const ZONE = 'Europe/Amsterdam';

describeEachDatabase('partner orders', (database) => {
  let service: TestService;
  let fx: DemoFixtures;
  let demoOrderIds: number[];
  let allOrders: OrderExport[];

  beforeAll(async () => {
    service = await createTestService({ database });
    fx = await loadDemoFixtures(service.db);
    const { rows } = await service.db.query<{ id: number }>('select id from orders where client_id = $1', [
      fx.demo.clientId,
    ]);
    demoOrderIds = rows.map((row) => row.id);
    allOrders = (
      await walkPages(service, orderPageSchema, { path: '/v1/demo/partner/order', method: 'GET', key: DEMO.apiKey })
    ).rows;
  });
  afterAll(async () => {
    await service?.close();
  });

  const get = (path: string) => service.request(`/v1/demo/partner${path}`, { key: DEMO.apiKey });

  describe('GET /partner/order', () => {
    it('walks to the end by next_page_url: every order of the client once, newest first', async () => {
      expect(demoOrderIds.length).toBeGreaterThan(200);
      const ids = allOrders.map((order) => order.orderId);
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort((a, b) => a - b)).toEqual([...demoOrderIds].sort((a, b) => a - b));
      for (let i = 1; i < allOrders.length; i++) {
        const previous = allOrders[i - 1] as OrderExport;
        const current = allOrders[i] as OrderExport;
        const order = Date.parse(previous.orderDate) - Date.parse(current.orderDate);
        expect(order > 0 || (order === 0 && previous.orderId > current.orderId), `${i}`).toBe(true);
      }
    });

    it('gives page 1 with absolute page URLs and the total', async () => {
      const page = orderPageSchema.parse(await (await get('/order')).json());
      expect(page.total).toBe(demoOrderIds.length);
      expect(page.data).toHaveLength(100);
      expect(page.first_page_url).toBe('http://service.test/v1/demo/partner/order?page=1');
      expect(page.next_page_url).toBe('http://service.test/v1/demo/partner/order?page=2');
      expect(page.last_page_url).toBe(`http://service.test/v1/demo/partner/order?page=${page.last_page}`);
      expect(page.path).toBe('http://service.test/v1/demo/partner/order');
      expect(page.prev_page_url).toBeNull();
    });

    it('answers a page past the last with empty data and correct meta', async () => {
      const lastPage = Math.ceil(demoOrderIds.length / 100);
      const page = orderPageSchema.parse(await (await get(`/order?page=${lastPage + 3}`)).json());
      expect(page).toMatchObject({
        data: [],
        current_page: lastPage + 3,
        last_page: lastPage,
        total: demoOrderIds.length,
        next_page_url: null,
        from: 0,
        to: 0,
      });
      expect(page.prev_page_url).toBe(`http://service.test/v1/demo/partner/order?page=${lastPage}`);
    });

    it('is 422 for a malformed page', async () => {
      for (const page of ['0', '-1', 'x', '1.5']) {
        const res = await get(`/order?page=${page}`);
        expect(res.status, page).toBe(422);
        expect(errorBodySchema.parse(await res.json()).errors).toHaveProperty('page');
      }
    });

    it('carries the export fields; amounts reconcile with seats, fee and donation', async () => {
      for (const order of allOrders) {
        const lines = order.seats.reduce((sum, seat) => sum + cents(seat.amount), 0);
        expect(lines + cents(order.fee) + cents(order.donation), `order ${order.orderId}`).toBe(cents(order.amount));
        expect(['www', 'sp']).toContain(order.orderChannel);
        expect(order.user === null).toBe(order.customerId === null);
        if (order.user) expect(order.user.customerId).toBe(order.customerId);
      }
      expect(allOrders.some((order) => order.customerId === null)).toBe(true);
      expect(allOrders.some((order) => order.deletedSeats.length > 0)).toBe(true);
    });

    it('lists seats and deleted seats as stored: hall seat ids for reserved seats, line ids for general admission', async () => {
      const { rows } = await service.db.query<{
        id: number;
        order_id: number;
        seat_id: number | null;
        event_id: number;
        rank_id: number;
        row_nr: number;
        seat_nr: number;
        amount_cents: number;
        ticket_type_id: number;
        price_name: string;
        deleted: boolean;
      }>(
        `select os.id, os.order_id, os.seat_id, os.event_id, os.rank_id, os.row_nr, os.seat_nr, os.amount_cents,
                os.ticket_type_id, os.price_name, os.deleted_at is not null as deleted
           from order_seats os join orders o on o.id = os.order_id
          where o.client_id = $1 order by os.order_id, os.id`,
        [fx.demo.clientId],
      );
      const byId = new Map(allOrders.map((order) => [order.orderId, order]));
      const expected = new Map<number, { seats: unknown[]; deletedSeats: unknown[] }>();
      for (const row of rows) {
        const entry = expected.get(row.order_id) ?? { seats: [], deletedSeats: [] };
        expected.set(row.order_id, entry);
        (row.deleted ? entry.deletedSeats : entry.seats).push({
          seatId: row.seat_id ?? row.id,
          eventId: row.event_id,
          rankId: row.rank_id,
          rowNr: row.row_nr,
          seatNr: row.seat_nr,
          amount: row.amount_cents / 100,
          priceId: String(row.ticket_type_id),
          priceName: row.price_name,
        });
      }
      for (const [orderId, entry] of expected) {
        const order = byId.get(orderId);
        expect(order?.seats, `order ${orderId}`).toEqual(entry.seats);
        expect(order?.deletedSeats, `order ${orderId}`).toEqual(entry.deletedSeats);
      }
      const generalAdmission = rows.find((row) => row.seat_id === null);
      expect(generalAdmission).toBeDefined();
      const gaSeat = byId
        .get(generalAdmission?.order_id ?? 0)
        ?.[generalAdmission?.deleted ? 'deletedSeats' : 'seats'].find((seat) => seat.seatId === generalAdmission?.id);
      expect(gaSeat).toMatchObject({ rowNr: 0, seatNr: 0 });
    });

    it('inlines the customer exactly as GET /partner/customer/{id} shows it', async () => {
      const order = allOrders.find((candidate) => candidate.orderId === fx.paidOrder.orderId);
      expect(order?.customerId).toBe(fx.paidOrder.customerId);
      const customer = customerSchema.parse(await (await get(`/customer/${fx.paidOrder.customerId}`)).json());
      expect(order?.user).toEqual(customer);
    });

    it('filters on changedSince: a date is the start of that day in the client’s zone; inclusive', async () => {
      const { rows } = await service.db.query<{ last_changed: Date }>(
        'select last_changed from orders where client_id = $1 order by last_changed desc limit 1 offset 150',
        [fx.demo.clientId],
      );
      const pivot = rows[0]?.last_changed as Date;
      const countSince = async (instant: Date) => {
        const result = await service.db.query<{ n: number }>(
          'select count(*)::int as n from orders where client_id = $1 and last_changed >= $2',
          [fx.demo.clientId, instant],
        );
        return result.rows[0]?.n ?? 0;
      };
      const day = localDate(pivot, ZONE);
      const dayStart = startOfLocalDay(day, ZONE);

      const byDate = await walkPages(service, orderPageSchema, {
        path: `/v1/demo/partner/order?changedSince=${day}`,
        method: 'GET',
        key: DEMO.apiKey,
      });
      expect(byDate.rows.length).toBe(await countSince(dayStart));
      expect(byDate.rows.length).toBeGreaterThan(100);
      expect(byDate.pages[0]?.next_page_url).toContain(`changedSince=${day}`);
      for (const order of byDate.rows) expect(Date.parse(order.lastChanged)).toBeGreaterThanOrEqual(dayStart.getTime());

      // The exact instant of a change is included (lastChanged has whole seconds; the pivot may not).
      const pivotSecond = new Date(Math.floor(pivot.getTime() / 1000) * 1000);
      const utc = pivotSecond.toISOString().replace('.000Z', 'Z');
      const withOffset = toZonedIso(pivotSecond, ZONE);
      const withoutOffset = `${localDate(pivotSecond, ZONE)}T${localTime(pivotSecond, ZONE)}`;
      for (const changedSince of [utc, withOffset, withoutOffset]) {
        const page = orderPageSchema.parse(
          await (await get(`/order?changedSince=${encodeURIComponent(changedSince)}`)).json(),
        );
        expect(page.total, changedSince).toBe(await countSince(pivotSecond));
        expect(page.total).toBeGreaterThanOrEqual(151);
      }
    });

    it('is 422 for an invalid changedSince', async () => {
      for (const changedSince of ['yesterday', '2026-02-30', '2026-13-01', '2026-01-01T25:00:00', '1700000000', '']) {
        const res = await get(`/order?changedSince=${encodeURIComponent(changedSince)}`);
        expect(res.status, changedSince).toBe(422);
        const body = errorBodySchema.parse(await res.json());
        expect(body.errors?.changedSince, changedSince).toEqual([
          'changedSince must be a date (YYYY-MM-DD) or an ISO 8601 datetime.',
        ]);
      }
    });
  });

  describe('GET /partner/order/{orderId}', () => {
    it('returns the Order fields of spec 2.11, the same as in the list', async () => {
      const res = await get(`/order/${fx.paidOrder.orderId}`);
      expect(res.status).toBe(200);
      const order = orderSchema.strict().parse(await res.json());
      const listed = allOrders.find((candidate) => candidate.orderId === fx.paidOrder.orderId) as OrderExport;
      const { orderChannel: _c, fee: _f, seats: _s, deletedSeats: _d, user: _u, ...plain } = listed;
      expect(order).toEqual(plain);
      expect(order).toMatchObject({ orderKey: fx.paidOrder.orderKey, orderStatus: 'ord', orderPaymentStatus: 'paid' });
    });

    it('shows timeOut for reservations and null otherwise', async () => {
      const reservation = allOrders.find((order) => order.orderStatus === 'res');
      expect(reservation?.timeOut).not.toBeNull();
      const regular = allOrders.find((order) => order.orderStatus === 'ord');
      expect(regular?.timeOut).toBeNull();
    });

    it('is 404 "Order not found" for another client’s order and for unknown ids', async () => {
      for (const id of [fx.harbour.orderId, 999999999]) {
        const res = await get(`/order/${id}`);
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ message: 'Order not found' });
      }
      expect((await get('/order/abc')).status).toBe(404);
    });
  });

  it('builds page URLs from the request origin', async () => {
    const page = orderPageSchema.parse(await (await get('/order?page=2')).json());
    expect(relative(page.next_page_url ?? '')).toBe('/v1/demo/partner/order?page=3');
    expect(relative(page.prev_page_url ?? '')).toBe('/v1/demo/partner/order?page=1');
  });
});
