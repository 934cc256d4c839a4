import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureDemoClients } from '../../testing/client-fixtures';
import { type DemoFixtures, loadDemoFixtures } from '../../testing/demo-fixtures';
import { organisationIdOf } from '../../testing/mirror';
import {
  createTestGateway,
  demoPerson,
  signedInBrowser,
  type TestBrowser,
  type TestGateway,
} from '../../testing/test-gateway';
import { createTestService, describeEachDatabase, type TestService } from '../../testing/test-service';
import type { DeclaredRoute } from '../access';
import { createGatewayApp } from '../gateway';
import { FORWARDED_ROUTES, type ForwardedRoute } from '../permissions/route-permissions';
import { embeddedService } from '../service-connection';

/**
 * Promoter scoping as a generated matrix (issue 33 item 3): every forwarded route of the table and every
 * route of the gateway's own (mirror search, reports, exports, …) × a promoter of production A, whose role
 * holds every reading and selling permission but not customers:contact → nothing of production B in any
 * answer: B's ids in a path are 404 (as unknown ones), lists hold only A, routes with no scope rule are 403,
 * and no answer text holds B's title, its events' names, its orders' keys or its buyers' emails.
 */
const PROMOTER_PERMISSIONS = [
  'events:read',
  'sales:sell',
  'customers:lookup',
  'customers:read',
  'customers:write',
  'tags:write',
  'orders:read',
  'exports:run',
  'reports:read',
];

interface PartnerEvent {
  eventId: number;
  productionId: number;
  eventName: string;
}

describeEachDatabase('a promoter of one production through every route', (database) => {
  let service: TestService;
  let gateway: TestGateway;
  let fx: DemoFixtures;
  let promoter: TestBrowser;
  let manager: TestBrowser;
  let declared: DeclaredRoute[];
  /** What names production A or B: its id, an event, an order only of it, a buyer only of it. */
  const sides = {} as Record<
    'A' | 'B',
    { productionId: number; eventId: number; orderId: number; orderKey: string; customerId: number; markers: string[] }
  >;
  let cases = 0;
  const seen: string[] = [];
  /** An order holding a seat of production A and a line of another production, and A's events. */
  let mixedOrder: { orderId: number; eventsOfA: number[] } | undefined;
  let exportDir: string;

  /** A call as the promoter; its answer's text is kept for the final look for B. */
  const call = async (path: string, init: { method?: string; json?: unknown } = {}) => {
    const response = await promoter.request(path, init);
    const text = await response.text();
    seen.push(text);
    cases++;
    return { status: response.status, text };
  };

  beforeAll(async () => {
    service = await createTestService({ database });
    await ensureDemoClients(service.db);
    fx = await loadDemoFixtures(service.db);
    exportDir = await mkdtemp(join(tmpdir(), 'foyer-promoter-reports-'));
    gateway = await createTestGateway({ runtime: service, service: embeddedService(service.app), exportDir });
    declared = createGatewayApp(gateway.deps).routes.declared;
    const organisationId = await organisationIdOf(gateway.db, 'demo');
    await gateway.deps.mirror.syncNow(organisationId);
    manager = await signedInBrowser(gateway, demoPerson('administrator').email);

    // Two productions with orders of their own alone, and a buyer of each alone (from the mirror).
    const events = (await (await manager.request('/api/v1/demo/partner/event')).json()) as PartnerEvent[];
    const productionOf = new Map(events.map((event) => [event.eventId, event.productionId]));
    const { rows } = await gateway.db.query<{
      order_id: string;
      order_key: string;
      customer_id: string;
      events: string[];
    }>(
      `select o.order_id, o.order_key, o.customer_id, array_agg(distinct s.event_id) as events
         from gateway.mirror_orders o join gateway.mirror_order_seats s using (organisation_id, order_id)
        where o.organisation_id = $1 and o.customer_id is not null group by o.order_id, o.order_key, o.customer_id order by o.order_id`,
      [organisationId],
    );
    const productionsOfCustomer = new Map<number, Set<number>>();
    for (const row of rows) {
      const set = productionsOfCustomer.get(Number(row.customer_id)) ?? new Set();
      for (const event of row.events) set.add(productionOf.get(Number(event)) ?? -1);
      productionsOfCustomer.set(Number(row.customer_id), set);
    }
    const single = rows.filter((row) => new Set(row.events.map((event) => productionOf.get(Number(event)))).size === 1);
    const productions = [...new Set(single.map((row) => productionOf.get(Number(row.events[0])) as number))];
    const pick = (productionId: number) => {
      const mine = single.filter((row) => productionOf.get(Number(row.events[0])) === productionId);
      const onlyBuyer = mine.find((row) => productionsOfCustomer.get(Number(row.customer_id))?.size === 1);
      return { order: mine[0], buyer: onlyBuyer };
    };
    // A is one of a mixed order too (a seat of it and a line of another production), as a walkthrough's promoter had.
    const productionsOfOrder = (row: (typeof rows)[number]) =>
      new Set(row.events.map((e) => productionOf.get(Number(e))));
    const mixed = rows.filter((row) => productionsOfOrder(row).size > 1);
    const hasMixed = (id: number) => mixed.some((row) => productionsOfOrder(row).has(id));
    const candidates = productions.filter((id) => id > 0 && pick(id).buyer);
    const [a, b] = [...candidates.filter(hasMixed), ...candidates.filter((id) => !hasMixed(id))].slice(0, 2) as [
      number,
      number,
    ];
    const mixedOfA = mixed.find((row) => productionsOfOrder(row).has(a));
    if (mixedOfA) {
      mixedOrder = {
        orderId: Number(mixedOfA.order_id),
        eventsOfA: events.filter((event) => event.productionId === a).map((event) => event.eventId),
      };
    }
    for (const [side, productionId] of [
      ['A', a],
      ['B', b],
    ] as const) {
      const { order, buyer } = pick(productionId);
      const production = (await (await manager.request(`/api/v1/demo/partner/production/${productionId}`)).json()) as {
        title: string;
      };
      const buyerBody = (await (
        await manager.request(`/api/v1/demo/partner/customer/${buyer?.customer_id}`)
      ).json()) as { email: string };
      const ownEvents = events.filter((event) => event.productionId === productionId);
      sides[side] = {
        productionId,
        eventId: Number(order?.events[0]),
        orderId: Number(order?.order_id),
        orderKey: String(order?.order_key),
        customerId: Number(buyer?.customer_id),
        markers: [production.title, String(order?.order_key), buyerBody.email, ...ownEvents.map((e) => e.eventName)],
      };
    }
    // Names both productions use (a generic event name) say nothing of B.
    sides.B.markers = sides.B.markers.filter((marker) => marker && !sides.A.markers.includes(marker));

    const { rows: role } = await gateway.db.query<{ id: string }>(
      `insert into gateway.roles (organisation_id, key, name, permissions) values ($1, 'promoter-a', 'Promoter A', $2)
       returning id`,
      [organisationId, PROMOTER_PERMISSIONS],
    );
    await gateway.db.query(
      `insert into gateway.accounts (organisation_id, email, display_name, role_id)
       values ($1, 'promoter-a@demo.test', 'Promoter A', $2)`,
      [organisationId, role[0]?.id],
    );
    const scope = await manager.request(`/api/roles/${role[0]?.id}/scope`, {
      method: 'PUT',
      json: { productionIds: [a], eventIds: [] },
    });
    expect(scope.status).toBe(200);
    promoter = await signedInBrowser(gateway, 'promoter-a@demo.test');
  });
  afterAll(async () => {
    await gateway?.deps.mirror.stop();
    await gateway?.close();
    await service?.close();
    await rm(exportDir, { recursive: true, force: true });
  });

  /** The route's path with `side`'s ids in it. */
  const pathOf = (route: ForwardedRoute, side: 'A' | 'B', cartId: string) =>
    `/api/v1/demo${route.path
      .replace('{eventId}', String(sides[side].eventId))
      .replace('{productionId}', String(sides[side].productionId))
      .replace('{orderId}', String(sides[side].orderId))
      .replace('{order_key}', sides[side].orderKey)
      .replace('{customerId}', String(sides[side].customerId))
      .replace('{cartId}', cartId)
      .replace('{itemId}', 'no-such-item')
      .replace('{hallId}', String(fx.reserved.hallId))}`;

  it('keeps every forwarded route within production A', async () => {
    const cart = (await (await promoter.request('/api/v1/demo/cart/', { method: 'POST' })).json()) as {
      cart_id: string;
    };
    const bodyOf = (route: ForwardedRoute, side: 'A' | 'B'): unknown => {
      if (route.path.endsWith('/clienttypes')) return { clienttypes: ['Pers'] };
      if (route.scoped === 'cart-items') {
        return [{ priceId: 'x', rankId: fx.reserved.rankId, eventId: sides[side].eventId, numberOfTickets: 1 }];
      }
      if (route.path === '/partner/cart/{cartId}/checkout') return { customerId: 0, paymentMethodId: 0 };
      return {};
    };
    for (const route of FORWARDED_ROUTES) {
      const withIds =
        /\{(eventId|productionId|orderId|order_key|customerId)\}/.test(route.path) || route.scoped === 'cart-items';
      const ofB = await call(pathOf(route, 'B', cart.cart_id), {
        method: route.method,
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { json: bodyOf(route, 'B') }),
      });
      const expected = !route.scoped ? 403 : withIds ? 404 : null;
      if (expected !== null)
        expect({ route: route.path, method: route.method, status: ofB.status }).toEqual({
          route: route.path,
          method: route.method,
          status: expected,
        });
      if (withIds && route.method === 'GET') {
        // The same route with A's ids answers: the 404 above is the scope's, not a wrong id's.
        const ofA = await call(pathOf(route, 'A', cart.cart_id));
        expect({ route: route.path, status: ofA.status }).toEqual({ route: route.path, status: 200 });
      }
    }
  });

  it('lists only the events and orders of production A, buyers by name', async () => {
    const events = JSON.parse((await call('/api/v1/demo/partner/event')).text) as PartnerEvent[];
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((event) => event.productionId === sides.A.productionId)).toBe(true);
    for (const [method, path] of [
      ['GET', '/api/v1/demo/partner/order'],
      ['POST', '/api/v1/demo/partner/export/orders'],
    ] as const) {
      const page = JSON.parse((await call(path, { method, ...(method === 'POST' ? { json: {} } : {}) })).text) as {
        data: {
          seats: { eventId: number }[];
          deletedSeats: { eventId: number }[];
          user: Record<string, unknown> | null;
        }[];
      };
      for (const order of page.data) {
        // A seat of A's, kept or removed (an order cancelled whole keeps its seats as removed ones).
        const seats = [...order.seats, ...order.deletedSeats];
        expect(seats.some((seat) => events.some((event) => event.eventId === seat.eventId))).toBe(true);
        if (order.user) expect(Object.keys(order.user).sort()).not.toContain('email');
      }
    }
    const buyer = JSON.parse((await call(`/api/v1/demo/partner/customer/${sides.A.customerId}`)).text);
    expect(buyer.customerId).toBe(sides.A.customerId);
    expect(buyer.email).toBeUndefined();
  });

  // A walkthrough's promoter paged the forwarded order list: it held the organisation's pages cut to theirs, most of
  // them empty, and its `last_page` said how many orders the whole organisation has (about 500 pages).
  it("pages the promoter's order lists among production A's orders alone, filters as the service does", async () => {
    type Envelope = {
      data: { orderId: number; orderDate: string; lastChanged: string }[];
      total: number;
      last_page: number;
      current_page: number;
      next_page_url: string | null;
      prev_page_url: string | null;
      last_page_url: string;
    };
    const organisationId = await organisationIdOf(gateway.db, 'demo');
    const events = JSON.parse((await call('/api/v1/demo/partner/event')).text) as PartnerEvent[];
    const { rows } = await gateway.db.query<{ order_id: string; changed: string }>(
      `select o.order_id, o.body ->> 'lastChanged' as changed from gateway.mirror_orders o
        where o.organisation_id = $1 and exists (select 1 from gateway.mirror_order_seats s
          where s.organisation_id = o.organisation_id and s.order_id = o.order_id and s.event_id = any($2::bigint[]))`,
      [organisationId, events.map((event) => event.eventId)],
    );
    const everyone = (await (await manager.request('/api/v1/demo/partner/order')).json()) as Envelope;
    expect(everyone.total).toBeGreaterThan(rows.length);

    /** Every page of a listing, by its `next_page_url` (root-relative, as a forwarded list's). */
    const walk = async (first: string, method: 'GET' | 'POST', json?: unknown) => {
      const pages: Envelope[] = [];
      for (let path: string | null = first; path; ) {
        const answer = await call(path, { method, ...(method === 'POST' ? { json: json ?? {} } : {}) });
        expect({ path, status: answer.status }).toEqual({ path, status: 200 });
        const page = JSON.parse(answer.text) as Envelope;
        pages.push(page);
        if (page.next_page_url) expect(page.next_page_url.startsWith('/api/v1/demo/partner/')).toBe(true);
        path = page.next_page_url;
      }
      return pages;
    };
    const expectPaged = (pages: Envelope[], expectedIds: string[]) => {
      const total = expectedIds.length;
      expect(pages).toHaveLength(Math.max(1, Math.ceil(total / 100)));
      pages.forEach((page, at) => {
        expect(page).toMatchObject({ total, last_page: pages.length, current_page: at + 1 });
        expect(page.data).toHaveLength(at < pages.length - 1 ? 100 : total - at * 100);
      });
      const listed = pages.flatMap((page) => page.data.map((order) => String(order.orderId)));
      expect(listed.sort()).toEqual([...expectedIds].sort());
    };

    const newest = await walk('/api/v1/demo/partner/order', 'GET');
    expectPaged(
      newest,
      rows.map((row) => String(row.order_id)),
    );
    const dates = newest.flatMap((page) => page.data.map((order) => Date.parse(order.orderDate)));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));

    // A date is the venue's midnight, compared with the change as the service wrote it.
    const day = [...rows.map((row) => row.changed.slice(0, 10))].sort()[Math.floor(rows.length / 2)] as string;
    const since = rows.filter((row) => row.changed.slice(0, 10) >= day).map((row) => String(row.order_id));
    expectPaged(await walk(`/api/v1/demo/partner/order?changedSince=${day}`, 'GET'), since);
    const exported = await walk('/api/v1/demo/partner/export/orders', 'POST', { changedSince: day });
    expectPaged(exported, since);
    expect(exported[0]?.last_page_url).toContain(`changedSince=${day}`);
    const changed = exported.flatMap((page) => page.data.map((order) => Date.parse(order.lastChanged)));
    expect(changed).toEqual([...changed].sort((a, b) => a - b));

    // Past the last page: none, as the service answers; a bad filter: the service's 422.
    const beyond = JSON.parse((await call('/api/v1/demo/partner/order?page=999')).text) as Envelope;
    expect(beyond).toMatchObject({ data: [], total: rows.length, current_page: 999 });
    expect((await call('/api/v1/demo/partner/order?changedSince=yesterday')).status).toBe(422);
    expect(
      (await call('/api/v1/demo/partner/export/orders', { method: 'POST', json: { changedSince: 5 } })).status,
    ).toBe(422);
  });

  // A walkthrough's promoter found another production's lines (a tour shirt, a programme book), with their price
  // names and amounts, in an order of theirs in the orders export, and that money in the analysis's totals.
  it("gives an order mixing production A with another only A's seats and their money, in every list", async () => {
    if (!mixedOrder) throw new Error('the demo orders have no order mixing production A with another production');
    const { orderId, eventsOfA } = mixedOrder;
    const ofA = (seat: { eventId: number }) => eventsOfA.includes(seat.eventId);
    const { rows: measured } = await gateway.db.query<{ amount_cents: string; seat_cents: string; tickets: string }>(
      `select o.amount_cents,
              (select sum(s.amount_cents) from gateway.mirror_order_seats s
                where s.organisation_id = o.organisation_id and s.order_id = o.order_id and not s.deleted
                  and s.event_id = any($2::bigint[])) as seat_cents,
              (select count(*) from gateway.mirror_order_seats s
                where s.organisation_id = o.organisation_id and s.order_id = o.order_id and not s.deleted
                  and s.event_id = any($2::bigint[])) as tickets
         from gateway.mirror_orders o where o.order_id = $1`,
      [orderId, eventsOfA],
    );
    const whole = measured[0];
    expect(whole).toBeDefined();
    const seatCents = Number(whole?.seat_cents);
    expect(Number(whole?.amount_cents)).toBeGreaterThan(seatCents);

    type ListedOrder = {
      orderId: number;
      amount: number;
      fee?: number;
      donation: number;
      seats: { eventId: number }[];
    };
    const cut = (order: ListedOrder | undefined) => {
      expect(order, `order ${orderId}`).toBeDefined();
      expect(order?.seats.every(ofA)).toBe(true);
      expect(order?.seats).toHaveLength(Number(whole?.tickets));
      expect(Math.round((order?.amount ?? 0) * 100)).toBe(seatCents);
      expect(order?.donation).toBe(0);
      if (order && 'fee' in order) expect(order.fee).toBe(0);
    };
    // The forwarded order list, page by page, and the service's export forwarded.
    const found: ListedOrder[] = [];
    for (let page = 1; ; page++) {
      const answer = JSON.parse((await call(`/api/v1/demo/partner/order?page=${page}`)).text) as {
        data: ListedOrder[];
        last_page: number;
      };
      found.push(...answer.data.filter((order) => order.orderId === orderId));
      if (page >= answer.last_page || found.length > 0) break;
    }
    cut(found[0]);
    // The order itself (no seats in it): their money only.
    const single = JSON.parse((await call(`/api/v1/demo/partner/order/${orderId}`)).text) as {
      orderId: number;
      amount: number;
      donation: number;
    };
    expect(single.orderId).toBe(orderId);
    expect(Math.round(single.amount * 100)).toBe(seatCents);
    expect(single.donation).toBe(0);
    // Its public status by key: A's seats alone, and no link to the pages of the whole order (its tickets and
    // receipt showed the other production's tickets, scannable).
    const { rows: keyed } = await gateway.db.query<{ order_key: string }>(
      'select order_key from gateway.mirror_orders where order_id = $1',
      [orderId],
    );
    const statusPath = `/api/v1/demo/order/${keyed[0]?.order_key}`;
    type Status = { order_tickets_nr: number; order_tickets_url: string | null; seats: { event_name: string }[] };
    const asManager = (await (await manager.request(statusPath)).json()) as Status;
    const status = JSON.parse((await call(statusPath)).text) as Status;
    const namesOfA = new Set(
      ((await (await manager.request('/api/v1/demo/partner/event')).json()) as PartnerEvent[])
        .filter((event) => eventsOfA.includes(event.eventId))
        .map((event) => event.eventName),
    );
    expect(asManager.seats.length).toBeGreaterThan(status.seats.length);
    expect(asManager.order_tickets_url).toMatch(/^http/);
    expect(status.seats).toHaveLength(Number(whole?.tickets));
    expect(status.seats.every((seat) => namesOfA.has(seat.event_name))).toBe(true);
    expect(status.order_tickets_nr).toBeLessThanOrEqual(Number(whole?.tickets));
    expect(status).toMatchObject({ order_tickets_url: null, order_receipt_url: null });
    // Foyer's export of the orders, one line per order (JSON lines).
    const file = await call('/api/exports/runs', { method: 'POST', json: { kind: 'orders', format: 'jsonl' } });
    expect(file.status).toBe(200);
    const lines = file.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as ListedOrder);
    cut(lines.find((order) => order.orderId === orderId));
    // The analysis: the order's row, and its money in the totals of a search for it.
    const { rows: period } = await gateway.db.query<{ day: string }>(
      `select to_char(order_day, 'YYYY-MM-DD') as day from gateway.mirror_orders where order_id = $1`,
      [orderId],
    );
    const day = period[0]?.day as string;
    const report = JSON.parse((await call(`/api/reports/orders?from=${day}&to=${day}&q=${orderId}`)).text) as {
      totals: { orders: number; tickets: number; feeCents: number; donationCents: number };
      rows: { orderId: number; amountCents: number; feeCents: number; donationCents: number; tickets: number }[];
    };
    const row = report.rows.find((entry) => entry.orderId === orderId);
    expect(row).toMatchObject({
      amountCents: seatCents,
      feeCents: 0,
      donationCents: 0,
      tickets: Number(whole?.tickets),
    });
    expect(report.totals).toMatchObject({ orders: 1, tickets: Number(whole?.tickets), feeCents: 0, donationCents: 0 });
  });

  it("shows the promoter production A's dashboard, and B's as one that does not exist", async () => {
    const list = JSON.parse((await call('/api/promoter/productions')).text) as {
      productions: { productionId: number }[];
    };
    expect(list.productions.map((production) => production.productionId)).toEqual([sides.A.productionId]);
    const ofA = await call(`/api/promoter/productions/${sides.A.productionId}`);
    expect(ofA.status).toBe(200);
    const dashboard = JSON.parse(ofA.text) as { ticketsSold: number; lastOrders: { buyerEmail: string | null }[] };
    expect(dashboard.ticketsSold).toBeGreaterThan(0);
    expect(dashboard.lastOrders.length).toBeGreaterThan(0);
    expect(dashboard.lastOrders.every((order) => order.buyerEmail === null)).toBe(true);
    expect((await call(`/api/promoter/productions/${sides.B.productionId}`)).status).toBe(404);
  });

  it("refuses every route of the gateway's own that does not answer within a scope", async () => {
    const own = declared.filter((route) => typeof route.access === 'object' && !route.withinScope);
    expect(own.length).toBeGreaterThan(20);
    for (const route of own) {
      const path = `/api${route.path.replace(/:[A-Za-z]+/g, '1')}`;
      const { status } = await call(path, { method: route.method, ...(route.method === 'GET' ? {} : { json: {} }) });
      expect({ route: `${route.method} ${route.path}`, status }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 403,
      });
    }
  });

  it("answers the reports and exports with production A's orders, performances and buyers, and nothing of B", async () => {
    const organisationId = await organisationIdOf(gateway.db, 'demo');
    const { rows: period } = await gateway.db.query<{ from: string; to: string }>(
      `select to_char(min(order_day), 'YYYY-MM-DD') as from, to_char(max(order_day), 'YYYY-MM-DD') as to
         from gateway.mirror_orders where organisation_id = $1`,
      [organisationId],
    );
    const { from, to } = period[0] as { from: string; to: string };
    const range = `from=${from}&to=${to}`;
    const ok = async (path: string, init: { method?: string; json?: unknown } = {}) => {
      const answer = await call(path, init);
      expect({ path, status: answer.status }).toEqual({ path, status: 200 });
      return answer.text;
    };
    const rows = JSON.parse(await ok(`/api/reports/orders?${range}&q=${sides.A.orderId}`)) as {
      rows: { orderId: number }[];
    };
    expect(rows.rows.map((row) => row.orderId)).toContain(sides.A.orderId);
    const all = JSON.parse(await ok(`/api/reports/orders?${range}`)) as { totals: { orders: number } };
    const analysisCsv = await ok(`/api/reports/orders/export.csv?${range}`);
    expect(analysisCsv).toContain(sides.A.orderKey);
    expect(analysisCsv.trim().split('\r\n')).toHaveLength(all.totals.orders + 1);
    // By amount, the amounts the promoter sees (their seats'), highest first, on the page and through the CSV's
    // batches alike.
    const byAmount = JSON.parse(await ok(`/api/reports/orders?${range}&sort=amount-desc`)) as {
      rows: { amountCents: number }[];
    };
    const amounts = byAmount.rows.map((row) => row.amountCents);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    const csvByAmount = await ok(`/api/reports/orders/export.csv?${range}&sort=amount-asc`);
    expect(csvByAmount.trim().split('\r\n')).toHaveLength(all.totals.orders + 1);
    for (const group of ['status', 'payment', 'channel', 'method', 'event', 'price', 'day']) {
      const groups = JSON.parse(await ok(`/api/reports/orders/groups?${range}&group=${group}`)) as {
        groups: { key: string }[];
      };
      if (group === 'event') expect(groups.groups.map((g) => g.key)).not.toContain(String(sides.B.eventId));
    }
    const choices = JSON.parse(await ok(`/api/reports/orders/choices?${range}`)) as { event: { value: string }[] };
    expect(choices.event.map((choice) => choice.value)).toContain(String(sides.A.eventId));
    expect(choices.event.map((choice) => choice.value)).not.toContain(String(sides.B.eventId));
    await ok(`/api/reports/orders/charts?${range}`);
    const pace = JSON.parse(await ok(`/api/reports/performances/pace?events=${sides.A.eventId},${sides.B.eventId}`));
    expect(JSON.stringify(pace)).not.toContain(`"eventId":${sides.B.eventId}`);
    await ok(`/api/reports/performances/${sides.A.eventId}`);
    expect((await call(`/api/reports/performances/${sides.B.eventId}`)).status).toBe(404);
    const events = JSON.parse((await call('/api/v1/demo/partner/event')).text) as { start?: string }[];
    const first = events.flatMap((event) => (event.start ? [event.start.slice(0, 10)] : [])).sort()[0] as string;
    const yearOn = new Date(Date.parse(first) + 365 * 86_400_000).toISOString().slice(0, 10);
    const performances = JSON.parse(await ok(`/api/reports/performances?from=${first}&to=${yearOn}`)) as {
      performances: { eventId: number }[];
    };
    expect(performances.performances.length).toBeGreaterThan(0);

    // Exports: whole files of A's orders (either shape), their buyers by name and A's waiting list.
    for (const kind of ['orders', 'customers', 'waitinglist']) {
      const count = JSON.parse(await ok(`/api/exports/count?kind=${kind}`)) as { total: number; changed: null };
      expect(count.changed).toBeNull();
    }
    const ordersFile = await ok('/api/exports/runs', { method: 'POST', json: { kind: 'orders', format: 'csv' } });
    expect(ordersFile).toContain(sides.A.orderKey);
    await ok('/api/exports/runs', { method: 'POST', json: { kind: 'orders', rows: 'seat', format: 'jsonl' } });
    await ok('/api/exports/runs', { method: 'POST', json: { kind: 'waitinglist', format: 'csv' } });
    const buyers = (await ok('/api/exports/runs', { method: 'POST', json: { kind: 'customers', format: 'jsonl' } }))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(buyers.map((buyer) => buyer.customerId)).toContain(sides.A.customerId);
    expect(buyers.map((buyer) => buyer.customerId)).not.toContain(sides.B.customerId);
    expect(buyers.every((buyer) => !('email' in buyer) && !('customerPhone' in buyer))).toBe(true);
    const changes = await call('/api/exports/runs', {
      method: 'POST',
      json: { kind: 'orders', format: 'csv', mode: 'changes' },
    });
    expect(changes.status).toBe(409);
  });

  it("schedules production A's sales report, writes its CSV and printable page, and keeps B's out of reach", async () => {
    const reports = '/api/exports/production-reports';
    const daily = { timeOfDay: '07:00', timeZone: 'Europe/Amsterdam' };
    const created = await call(`${reports}/${sides.A.productionId}`, { method: 'POST', json: daily });
    expect(created.status).toBe(201);
    const schedule = JSON.parse(created.text) as { id: number; productionId: number; createdBy: string };
    expect(schedule).toMatchObject({ productionId: sides.A.productionId, createdBy: 'Promoter A' });
    expect((await call(`${reports}/${sides.B.productionId}`, { method: 'POST', json: daily })).status).toBe(404);
    expect((await call(`${reports}/${sides.B.productionId}`)).status).toBe(404);

    // A manager's report of B: the promoter can neither see, run, remove nor download it.
    const ofB = (await (
      await manager.request(`${reports}/${sides.B.productionId}`, { method: 'POST', json: daily })
    ).json()) as { id: number };
    for (const id of [schedule.id, ofB.id]) {
      expect((await manager.request(`${reports}/schedules/${id}/run`, { method: 'POST' })).status).toBe(202);
    }
    // Each "run now" starts a round at once: the first may have ended before the second was asked for, so what the
    // tick itself runs varies (2 or 1). It resolves once both have run; the files and the trail below show both.
    await gateway.deps.exportScheduler?.tick();
    const listed = JSON.parse((await call(`${reports}/${sides.A.productionId}`)).text) as {
      schedules: { id: number; lastError: string | null }[];
      files: { id: number; format: string; fileName: string }[];
    };
    expect(listed.schedules.map((s) => [s.id, s.lastError])).toEqual([[schedule.id, null]]);
    expect(listed.files.map((file) => file.format).sort()).toEqual(['csv', 'html']);
    for (const file of listed.files) {
      const download = await call(`${reports}/files/${file.id}`);
      expect(download.status).toBe(200);
      expect(download.text).toContain(sides.A.markers[0]);
    }
    const filesOfB = (await (await manager.request(`${reports}/${sides.B.productionId}`)).json()) as {
      files: { id: number }[];
    };
    expect(filesOfB.files).toHaveLength(2);
    for (const file of filesOfB.files) expect((await call(`${reports}/files/${file.id}`)).status).toBe(404);
    expect((await call(`${reports}/schedules/${ofB.id}/run`, { method: 'POST' })).status).toBe(404);
    expect((await call(`${reports}/schedules/${ofB.id}`, { method: 'DELETE' })).status).toBe(404);
    const { rows: audited } = await gateway.db.query<{ action: string; n: string }>(
      `select action, count(*) as n from gateway.audit_entries where details ->> 'kind' = 'production-sales'
        group by action order by action`,
    );
    expect(audited.map((row) => [row.action, Number(row.n)])).toEqual([
      ['export', 2],
      ['export-download', 2],
      ['export-schedule', 4],
    ]);
  });

  it('holds nothing of production B in any answer (the cases counted)', () => {
    expect(sides.B.markers.length).toBeGreaterThan(2);
    for (const text of seen) for (const marker of sides.B.markers) expect(text).not.toContain(marker);
    // The figure for the closing note: how many calls the matrix made.
    console.info(`promoter scoping matrix: ${cases} calls, ${sides.B.markers.length} markers of B`);
    expect(cases).toBeGreaterThan(FORWARDED_ROUTES.length);
  });

  it('scopes only roles that do not manage staff, records each change, and a lifted scope opens everything again', async () => {
    const roles = (await (await manager.request('/api/roles')).json()) as { roles: { id: number; key: string }[] };
    const administrator = roles.roles.find((role) => role.key === 'administrator');
    const refused = await manager.request(`/api/roles/${administrator?.id}/scope`, {
      method: 'PUT',
      json: { productionIds: [sides.A.productionId], eventIds: [] },
    });
    expect(refused.status).toBe(422);
    expect((await manager.request('/api/roles/999999/scope')).status).toBe(404);
    const promoterRole = roles.roles.find((role) => role.key === 'promoter-a');
    const { rows } = await gateway.db.query<{ details: { change: string; new: unknown } }>(
      `select details from gateway.audit_entries where action = 'role' and details ->> 'roleId' = $1 order by id`,
      [String(promoterRole?.id)],
    );
    expect(rows.map((row) => row.details.change)).toEqual(['scope']);
    expect((await manager.request(`/api/roles/${promoterRole?.id}/scope`, { method: 'DELETE' })).status).toBe(204);
    // The same session, at its next request: no longer scoped.
    expect((await promoter.request(`/api/promoter/productions/${sides.B.productionId}`)).status).toBe(200);
  });
});
