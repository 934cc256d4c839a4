import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureDemoClients } from '../../testing/client-fixtures';
import { type DemoFixtures, loadDemoFixtures } from '../../testing/demo-fixtures';
import { organisationIdOf } from '../../testing/mirror';
import { fullPriceType } from '../../testing/selling';
import {
  createTestGateway,
  demoPerson,
  signedInBrowser,
  type TestBrowser,
  type TestGateway,
} from '../../testing/test-gateway';
import { createTestService, describeEachDatabase, type TestService } from '../../testing/test-service';
import { embeddedService } from '../service-connection';

const BOX_OFFICE = demoPerson('box-office');
const MANAGER = demoPerson('manager');
const MARKETING = demoPerson('marketing');
const ADMIN = demoPerson('administrator');

interface PrintData {
  order: { orderId: number; orderKey: string; orderChannel: string; fee: number; seats: { seatId: number }[] };
  seatsFound: boolean;
  performances: { eventId: number; name: string; start: string; hallName: string | null }[];
  sections: { eventId: number; seatId: string; section: string }[];
  sale: { seller: { email: string }; shift: null } | null;
}

interface OpenOrders {
  orders: Record<string, unknown>[];
  withOnline: boolean;
  complete: boolean;
}

describeEachDatabase('the desk routes', (database) => {
  let service: TestService;
  let gateway: TestGateway;
  let fx: DemoFixtures;
  let seller: TestBrowser;
  let manager: TestBrowser;
  let sold: { orderId: number; orderKey: string };

  beforeAll(async () => {
    service = await createTestService({ database });
    await ensureDemoClients(service.db);
    fx = await loadDemoFixtures(service.db);
    gateway = await createTestGateway({ runtime: service, service: embeddedService(service.app) });
    seller = await signedInBrowser(gateway, BOX_OFFICE.email);
    manager = await signedInBrowser(gateway, MANAGER.email);
    // Two seats sold at the desk by the box office, through the gateway (so the audit trail has the checkout).
    const { cart_id: cartId } = (await (await seller.request('/api/v1/demo/cart/', { method: 'POST' })).json()) as {
      cart_id: string;
    };
    const item = {
      priceId: await fullPriceType(service.db, fx.reserved.eventId, fx.reserved.rankId),
      rankId: fx.reserved.rankId,
      eventId: fx.reserved.eventId,
    };
    const added = await seller.request(`/api/v1/demo/partner/cart/${cartId}`, { method: 'POST', json: [item, item] });
    expect(added.status).toBe(200);
    const checkout = await seller.request(`/api/v1/demo/partner/cart/${cartId}/checkout`, {
      method: 'POST',
      json: { customerId: fx.customers.withTags.customerId, paymentMethodId: fx.paymentMethods.cash },
    });
    expect(checkout.status).toBe(200);
    sold = (await checkout.json()) as { orderId: number; orderKey: string };
  });
  afterAll(async () => {
    await gateway?.close();
    await service?.close();
  });

  it("gives a seller what an order sold in Foyer prints: seats, performance, hall, sections, seller, the shift's slot", async () => {
    const response = await seller.request(`/api/desk/orders/${sold.orderId}/print-data`);
    expect(response.status).toBe(200);
    const data = (await response.json()) as PrintData;
    expect(data.order).toMatchObject({ orderId: sold.orderId, orderKey: sold.orderKey, orderChannel: 'sp' });
    expect(data.seatsFound).toBe(true);
    expect(data.order.seats).toHaveLength(2);
    expect(data.performances).toEqual([
      expect.objectContaining({ eventId: fx.reserved.eventId, name: expect.any(String), hallName: expect.any(String) }),
    ]);
    expect(data.performances[0]?.name).not.toBe('');
    // Every sold seat with its section on the plan, and no other seat of the hall.
    expect(data.sections).toHaveLength(2);
    for (const seat of data.order.seats) {
      expect(data.sections.find((entry) => entry.seatId === String(seat.seatId))?.section).toBeTruthy();
    }
    expect(data.sale).toMatchObject({ seller: { email: BOX_OFFICE.email }, shift: null });
    // Nothing of the customer beyond the order's own fields.
    expect(JSON.stringify(data)).not.toContain('"user"');
  });

  it('refuses a seller an order not sold in Foyer; a manager reads it; marketing reads none', async () => {
    const refused = await seller.request(`/api/desk/orders/${fx.paidOrder.orderId}/print-data`);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toContain('not sold in Foyer');
    const read = await manager.request(`/api/desk/orders/${fx.paidOrder.orderId}/print-data`);
    expect(read.status).toBe(200);
    const data = (await read.json()) as PrintData;
    expect(data).toMatchObject({ order: { orderKey: fx.paidOrder.orderKey }, seatsFound: true, sale: null });
    expect(data.order.seats.length).toBeGreaterThan(0);
    const marketing = await signedInBrowser(gateway, MARKETING.email);
    expect((await marketing.request(`/api/desk/orders/${sold.orderId}/print-data`)).status).toBe(403);
    expect((await manager.request('/api/desk/orders/999999999/print-data')).status).toBe(404);
    expect((await manager.request('/api/desk/orders/x/print-data')).status).toBe(404);
  });

  it('records a print only of an order of the organisation: actor × order (generated), the rest 403 or 404 and not in the trail', async () => {
    // Issue 29 item 5: an order reader recorded a print (201, audited) of another organisation's order and of
    // one that does not exist.
    const targets = {
      'sold in Foyer': sold.orderId,
      'not sold in Foyer': fx.paidOrder.orderId,
      "another organisation's": fx.harbour.orderId,
      missing: 999_999_999,
    } as const;
    type Target = keyof typeof targets;
    const expected: Record<string, Record<Target, number>> = {
      // A seller records prints of the desk's own sales only: refused before the order is looked up.
      [BOX_OFFICE.email]: {
        'sold in Foyer': 201,
        'not sold in Foyer': 403,
        "another organisation's": 403,
        missing: 403,
      },
      [MANAGER.email]: { 'sold in Foyer': 201, 'not sold in Foyer': 201, "another organisation's": 404, missing: 404 },
      [ADMIN.email]: { 'sold in Foyer': 201, 'not sold in Foyer': 201, "another organisation's": 404, missing: 404 },
      [MARKETING.email]: {
        'sold in Foyer': 403,
        'not sold in Foyer': 403,
        "another organisation's": 403,
        missing: 403,
      },
    };
    const cases = Object.entries(expected).flatMap(([email, byTarget]) =>
      (Object.keys(targets) as Target[]).map((target) => ({ email, target, status: byTarget[target] })),
    );
    expect(cases).toHaveLength(16);
    const answered = [];
    for (const { email, target } of cases) {
      const browser = await signedInBrowser(gateway, email);
      const response = await browser.request(`/api/orders/${targets[target]}/prints`, {
        method: 'POST',
        json: { kind: 'receipt', layout: '80mm' },
      });
      answered.push({ email, target, status: response.status });
    }
    expect(answered).toEqual(cases);
    const { rows } = await gateway.db.query<{ order_id: string }>(
      `select distinct order_id from gateway.audit_entries where action = 'print'`,
    );
    expect(rows.map((row) => Number(row.order_id)).sort()).toEqual([sold.orderId, fx.paidOrder.orderId].sort());
  });

  it('lists the open orders: reservations for the desk, and online orders awaiting payment for a manager', async () => {
    // One webshop order awaiting payment, changed just now.
    const { rows } = await service.db.query<{ id: number }>(
      `update orders set status = 'ord', payment_status = 'pending', last_changed = now()
        where id = (select id from orders where client_id = $1 and channel = 'www' and status = 'ord' order by id limit 1)
        returning id`,
      [fx.demo.clientId],
    );
    const onlineId = Number(rows[0]?.id);
    const since = new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10);
    const reservations = await service.db.query<{ n: number }>(
      `select count(*)::int as n from orders where client_id = $1 and status = 'res' and last_changed >= $2::date`,
      [fx.demo.clientId, since],
    );

    // The queue reads the organisation's mirror: changed in the service behind the gateway's back, the order
    // is in the queue once the mirror has synced (every 30 s when running).
    await gateway.deps.mirror.syncNow(await organisationIdOf(gateway.db, 'demo'));

    const desk = (await (await seller.request(`/api/desk/open-orders?since=${since}`)).json()) as OpenOrders;
    expect(desk.withOnline).toBe(false);
    expect(desk.complete).toBe(true);
    expect(desk.orders.length).toBe(reservations.rows[0]?.n);
    expect(desk.orders.length).toBeGreaterThan(0);
    expect(desk.orders.every((order) => order.orderStatus === 'res')).toBe(true);
    // No seats; of the customer only the name.
    expect(desk.orders.some((order) => 'seats' in order)).toBe(false);
    const withUser = desk.orders.find((order) => order.user);
    expect(Object.keys(withUser?.user ?? {}).sort()).toEqual([
      'customerFirstName',
      'customerId',
      'customerLastName',
      'customerPreposition',
    ]);

    const office = (await (await manager.request(`/api/desk/open-orders?since=${since}`)).json()) as OpenOrders;
    expect(office.withOnline).toBe(true);
    const online = office.orders.filter((order) => order.orderStatus !== 'res');
    expect(online.map((order) => order.orderId)).toContain(onlineId);
    expect(online.every((order) => order.orderChannel === 'www')).toBe(true);
    expect(office.orders.filter((order) => order.orderStatus === 'res')).toHaveLength(desk.orders.length);

    // Large: sent gzipped to a browser that accepts it.
    const zipped = await seller.request(`/api/desk/open-orders?since=${since}`, {
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect((await seller.request('/api/desk/open-orders?since=yesterday')).status).toBe(422);
    const marketing = await signedInBrowser(gateway, MARKETING.email);
    expect((await marketing.request('/api/desk/open-orders')).status).toBe(403);
  });
});
