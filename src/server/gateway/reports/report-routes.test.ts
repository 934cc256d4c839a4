import Papa from 'papaparse';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type {
  Choices,
  GroupReport,
  OrderReport,
  PaceReport,
  PerformanceSales,
  PerformancesReport,
} from '@/contract/reports';
import { NO_METHOD_LABELS, SOLD_STATUSES, UNPAID_STATUSES } from '@/contract/reports';
import { ensureDemoClients } from '../../testing/client-fixtures';
import { loadDemoFixtures } from '../../testing/demo-fixtures';
import { organisationIdOf } from '../../testing/mirror';
import { fullPriceType } from '../../testing/selling';
import {
  createTestGateway,
  demoPerson,
  signedInBrowser,
  type TestBrowser,
  type TestGateway,
} from '../../testing/test-gateway';
import { createTestService, DEMO, describeEachDatabase, HARBOUR, type TestService } from '../../testing/test-service';
import { embeddedService, type ServiceConnection } from '../service-connection';

interface Seat {
  eventId: number;
  amount: number;
  priceName: string;
}

interface ExportedOrder {
  orderId: number;
  orderKey: string;
  orderDate: string;
  orderStatus: string;
  orderPaymentStatus: string;
  orderChannel: string;
  handlingTextPayment: string;
  amount: number;
  fee: number;
  donation: number;
  customerId: number | null;
  seats: Seat[];
  user: { customerFirstName: string; customerLastName: string; email: string } | null;
}

const cents = (amount: number) => Math.round(amount * 100);

const isSold = (order: ExportedOrder) => (SOLD_STATUSES as readonly string[]).includes(order.orderStatus);

/** The payment method the analysis gives an order: none for a reservation or offer that names none. */
const methodOf = (order: ExportedOrder) =>
  (UNPAID_STATUSES as readonly string[]).includes(order.orderStatus) &&
  (NO_METHOD_LABELS as readonly string[]).includes(order.handlingTextPayment)
    ? ''
    : order.handlingTextPayment;

/**
 * The expected figures, worked out in plain code from the service's own export: every order counts, but
 * money (revenue, fees, donations) only that of sold orders.
 */
function expectedTotals(orders: readonly ExportedOrder[]) {
  const sold = orders.filter(isSold);
  return {
    orders: orders.length,
    revenueCents: sold.reduce((sum, order) => sum + cents(order.amount), 0),
    feeCents: sold.reduce((sum, order) => sum + cents(order.fee), 0),
    donationCents: sold.reduce((sum, order) => sum + cents(order.donation), 0),
    tickets: orders.reduce((sum, order) => sum + order.seats.length, 0),
  };
}

describeEachDatabase('reports from the mirror', (database) => {
  let service: TestService;
  let gateway: TestGateway;
  let manager: TestBrowser;
  let orders: ExportedOrder[];
  let from: string;
  let to: string;
  /** Every call the gateway makes to the service, to count what the reports cost it. */
  const upstream: string[] = [];

  const period = () => `from=${from}&to=${to}`;

  beforeAll(async () => {
    service = await createTestService({ database });
    await ensureDemoClients(service.db);
    const embedded = embeddedService(service.app);
    const counting: ServiceConnection = {
      fetch: (path, init, origin) => {
        upstream.push(`${init.method ?? 'GET'} ${path}`);
        return embedded.fetch(path, init, origin);
      },
      baseUrl: embedded.baseUrl,
      prepared: embedded.prepared,
    };
    gateway = await createTestGateway({ runtime: service, service: counting });
    for (const client of [DEMO, HARBOUR]) {
      await gateway.deps.mirror.syncNow(await organisationIdOf(gateway.db, client.client));
    }
    orders = [];
    for (let page = 1; ; page++) {
      const response = await service.request(`/v1/demo/partner/export/orders?page=${page}`, {
        method: 'POST',
        key: DEMO.apiKey,
      });
      const envelope = (await response.json()) as { data: ExportedOrder[]; last_page: number };
      orders.push(...envelope.data);
      if (page >= envelope.last_page) break;
    }
    const days = orders.map((order) => order.orderDate.slice(0, 10)).sort();
    from = days[0] as string;
    to = days[days.length - 1] as string;
    manager = await signedInBrowser(gateway, demoPerson('manager').email);
  });
  afterAll(async () => {
    await gateway?.deps.mirror.stop();
    await gateway?.close();
    await service?.close();
  });

  const get = async <T>(path: string, browser = manager): Promise<T> => {
    const response = await browser.request(path);
    expect(response.status, path).toBe(200);
    return (await response.json()) as T;
  };

  it('totals the whole period as the service’s export adds up, with the first page of rows', async () => {
    const report = await get<OrderReport>(`/api/reports/orders?${period()}`);
    expect(report.totals).toEqual(expectedTotals(orders));
    expect(report.rows).toHaveLength(100);
    // Newest first, and each row as the export has it.
    const newest = [...orders].sort(
      (a, b) => Date.parse(b.orderDate) - Date.parse(a.orderDate) || b.orderId - a.orderId,
    )[0] as ExportedOrder;
    const first = report.rows[0];
    expect(first).toMatchObject({
      orderId: newest.orderId,
      orderKey: newest.orderKey,
      orderDate: newest.orderDate,
      amountCents: cents(newest.amount),
      tickets: newest.seats.length,
      channel: newest.orderChannel,
    });
    if (newest.user) expect(first?.email).toBe(newest.user.email);
  });

  it('counts only sold orders as revenue: reservations, offers, cancelled and deleted orders add no money', async () => {
    const report = await get<OrderReport>(`/api/reports/orders?${period()}`);
    const statuses = new Set(orders.map((order) => order.orderStatus));
    for (const status of ['res', 'pros', 'cancel', 'trash']) expect(statuses, status).toContain(status);
    const soldCents = orders.filter(isSold).reduce((sum, order) => sum + cents(order.amount), 0);
    expect(report.totals.revenueCents).toBe(soldCents);
    expect(report.totals.orders).toBe(orders.length);
    for (const status of ['res', 'pros', 'cancel', 'trash']) {
      const only = await get<OrderReport>(`/api/reports/orders?${period()}&status=${status}`);
      expect(only.totals.orders, status).toBeGreaterThan(0);
      expect(only.totals.revenueCents, status).toBe(0);
    }
    // Reservations and offers without a payment method have none: the service's "Reservering" / "Offerte" is their
    // status. One with a method keeps it (a walkthrough's reservations "Op rekening" were left out of that filter).
    const charts = await get<{ byMethod: { key: string }[] }>(`/api/reports/orders/charts?${period()}`);
    const methods = charts.byMethod.map((group) => group.key);
    expect(methods).not.toContain('Offerte');
    expect(methods).not.toContain('Reservering');
    const choices = await get<Choices>(`/api/reports/orders/choices?${period()}`);
    expect(choices.method.map((choice) => choice.value)).not.toContain('Offerte');
    const byId = new Map(orders.map((order) => [order.orderId, order]));
    for (const status of ['res', 'pros']) {
      const unpaid = await get<OrderReport>(`/api/reports/orders?${period()}&status=${status}`);
      for (const row of unpaid.rows)
        expect(row.method, String(row.orderId)).toBe(methodOf(byId.get(row.orderId) as ExportedOrder));
    }
    const withMethod = orders.find((order) => order.orderStatus === 'res' && methodOf(order) !== '');
    if (!withMethod) throw new Error('the demo orders have no reservation with a payment method');
    const sameMethod = await get<OrderReport>(
      `/api/reports/orders?${period()}&status=res&method=${encodeURIComponent(withMethod.handlingTextPayment)}`,
    );
    expect(sameMethod.totals.orders).toBe(
      orders.filter((order) => order.orderStatus === 'res' && methodOf(order) === withMethod.handlingTextPayment)
        .length,
    );
  });

  it('filters by channel, status, day, event, price name and text, each as the export would', async () => {
    const cases: Array<[string, (order: ExportedOrder) => boolean]> = [
      ['channel=www', (o) => o.orderChannel === 'www'],
      ['channel=sp&status=ord', (o) => o.orderChannel === 'sp' && o.orderStatus === 'ord'],
      ['payment=paid&method=iDEAL', (o) => o.orderPaymentStatus === 'paid' && o.handlingTextPayment === 'iDEAL'],
      ['method=iDEAL', (o) => methodOf(o) === 'iDEAL'],
    ];
    const someOrder = orders.find((order) => order.seats.length > 0) as ExportedOrder;
    const eventId = someOrder.seats[0]?.eventId as number;
    const priceName = someOrder.seats[0]?.priceName as string;
    const day = someOrder.orderDate.slice(0, 10);
    cases.push(
      [`event=${eventId}`, (o) => o.seats.some((seat) => seat.eventId === eventId)],
      [`price=${encodeURIComponent(priceName)}`, (o) => o.seats.some((seat) => seat.priceName === priceName)],
      [`day=${day}`, (o) => o.orderDate.startsWith(day)],
      [`q=${someOrder.orderId}`, (o) => o.orderId === someOrder.orderId || o.customerId === someOrder.orderId],
      // An event and a price name together: answered from the orders, not the rollups.
      [
        `event=${eventId}&price=${encodeURIComponent(priceName)}`,
        (o) => o.seats.some((seat) => seat.eventId === eventId) && o.seats.some((seat) => seat.priceName === priceName),
      ],
    );
    if (someOrder.user) {
      const part = someOrder.user.customerLastName.slice(1, 5).toUpperCase();
      cases.push([
        `q=${encodeURIComponent(part)}`,
        (o) =>
          o.orderKey.startsWith(part) ||
          Boolean(
            o.user &&
              (`${o.user.customerFirstName} ${o.user.customerLastName}`.toLowerCase().includes(part.toLowerCase()) ||
                o.user.email.toLowerCase().includes(part.toLowerCase())),
          ),
      ]);
    }
    for (const [query, keep] of cases) {
      const report = await get<OrderReport>(`/api/reports/orders?${period()}&${query}`);
      const expected = expectedTotals(orders.filter(keep));
      expect(report.totals, query).toEqual(expected);
      expect(expected.orders, query).toBeGreaterThan(0);
    }
  });

  it('groups by status, channel, method, day, event and price name; the groups add up', async () => {
    const byColumn: Array<[string, (order: ExportedOrder) => string]> = [
      ['status', (o) => o.orderStatus],
      ['channel', (o) => o.orderChannel],
      ['method', methodOf],
      ['payment', (o) => o.orderPaymentStatus],
      ['day', (o) => o.orderDate.slice(0, 10)],
    ];
    for (const [group, keyOf] of byColumn) {
      const { groups } = await get<GroupReport>(`/api/reports/orders/groups?${period()}&group=${group}`);
      const expected = new Map<string, ExportedOrder[]>();
      for (const order of orders) expected.set(keyOf(order), [...(expected.get(keyOf(order)) ?? []), order]);
      expect(groups.map((g) => g.key).sort(), group).toEqual([...expected.keys()].sort());
      for (const entry of groups)
        expect(entry, `${group} ${entry.key}`).toEqual({
          key: entry.key,
          ...expectedTotals(expected.get(entry.key) ?? []),
        });
      expect(groups.reduce((sum, g) => sum + g.orders, 0)).toBe(orders.length);
    }
    const days = (await get<GroupReport>(`/api/reports/orders/groups?${period()}&group=day`)).groups.map((g) => g.key);
    expect(days).toEqual([...days].sort());

    // Seats: an order counts in every event (price name) it has seats of, with those seats' prices.
    for (const [group, keyOf] of [
      ['event', (seat: Seat) => String(seat.eventId)],
      ['price', (seat: Seat) => seat.priceName],
    ] as const) {
      const { groups } = await get<GroupReport>(`/api/reports/orders/groups?${period()}&group=${group}`);
      const expected = new Map<string, { orders: Set<number>; revenueCents: number; tickets: number }>();
      for (const order of orders) {
        for (const seat of order.seats) {
          const entry = expected.get(keyOf(seat)) ?? { orders: new Set(), revenueCents: 0, tickets: 0 };
          entry.orders.add(order.orderId);
          if (isSold(order)) entry.revenueCents += cents(seat.amount);
          entry.tickets += 1;
          expected.set(keyOf(seat), entry);
        }
      }
      expect(groups).toHaveLength(expected.size);
      for (const entry of groups) {
        const want = expected.get(entry.key);
        expect(entry, `${group} ${entry.key}`).toEqual({
          key: entry.key,
          orders: want?.orders.size,
          revenueCents: want?.revenueCents,
          feeCents: 0,
          donationCents: 0,
          tickets: want?.tickets,
        });
      }
      const revenues = groups.map((g) => g.revenueCents);
      expect(revenues).toEqual([...revenues].sort((a, b) => b - a));
    }
  });

  it('answers from the rollups exactly what the orders themselves give, for every filter and grouping', async () => {
    const { groupTotals, orderTotals, reportScope } = await import('./order-report');
    const organisationId = await organisationIdOf(gateway.db, 'demo');
    const seat = orders.find((order) => order.seats.length > 0)?.seats[0] as Seat;
    const filters = [
      {},
      { channel: 'sp' },
      { status: 'ord', payment: 'paid' },
      { event: seat.eventId },
      { price: seat.priceName, channel: 'www' },
      { day: orders[0]?.orderDate.slice(0, 10) },
    ];
    for (const extra of filters) {
      const scope = reportScope(organisationId, { from, to, ...extra });
      expect(scope.rollup, JSON.stringify(extra)).not.toBeNull();
      const raw = { ...scope, rollup: null };
      expect(await orderTotals(gateway.db, scope), JSON.stringify(extra)).toEqual(await orderTotals(gateway.db, raw));
      for (const grouping of ['status', 'payment', 'channel', 'method', 'day', 'event', 'price'] as const) {
        const viaRollup = await groupTotals(gateway.db, scope, grouping);
        const viaOrders = await groupTotals(gateway.db, raw, grouping);
        expect(viaRollup, `${JSON.stringify(extra)} by ${grouping}`).toEqual(viaOrders);
      }
    }
  });

  it('keeps the rollups in step: a sale is in the next report, on its own day', async () => {
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Amsterdam' });
    const period = `from=${from < today ? from : today}&to=${today}`;
    const before = await get<OrderReport>(`/api/reports/orders?${period}`);
    const fx = await loadDemoFixtures(service.db);
    const cart = await service.request('/v1/demo/cart/', { method: 'POST' });
    const { cart_id: cartId } = (await cart.json()) as { cart_id: string };
    const priceId = await fullPriceType(service.db, fx.reserved.eventId, fx.reserved.rankId);
    await service.request(`/v1/demo/partner/cart/${cartId}`, {
      method: 'POST',
      key: DEMO.apiKey,
      json: [{ priceId, rankId: fx.reserved.rankId, eventId: fx.reserved.eventId }],
    });
    const checkout = await service.request(`/v1/demo/partner/cart/${cartId}/checkout`, {
      method: 'POST',
      key: DEMO.apiKey,
      json: { customerId: fx.customers.withTags.customerId, paymentMethodId: fx.paymentMethods.cash },
    });
    const { orderId } = (await checkout.json()) as { orderId: number };
    const order = (await (await service.request(`/v1/demo/partner/order/${orderId}`, { key: DEMO.apiKey })).json()) as {
      amount: number;
    };
    await gateway.deps.mirror.syncNow(await organisationIdOf(gateway.db, 'demo'));
    // The sync marked the sale's day; the keeper (every few seconds in a running server) rebuilds it.
    const marked = 'select count(*)::int as n from gateway.report_dirty_days';
    expect((await gateway.db.query<{ n: number }>(marked)).rows[0]?.n).toBeGreaterThan(0);
    await gateway.deps.reportRollups.refreshAll();
    expect((await gateway.db.query<{ n: number }>(marked)).rows[0]?.n).toBe(0);
    const after = await get<OrderReport>(`/api/reports/orders?${period}`);
    expect(after.totals.orders).toBe(before.totals.orders + 1);
    expect(after.totals.revenueCents).toBe(before.totals.revenueCents + cents(order.amount));
    expect(after.totals.tickets).toBe(before.totals.tickets + 1);
    const days = await get<GroupReport>(`/api/reports/orders/groups?${period}&group=day`);
    expect(days.groups.find((group) => group.key === today)?.orders).toBeGreaterThanOrEqual(1);
    const event = await get<GroupReport>(
      `/api/reports/orders/groups?${period}&group=event&event=${fx.reserved.eventId}`,
    );
    expect(event.groups[0]?.key).toBe(String(fx.reserved.eventId));
  });

  it('sorts and pages: amount, highest first, page 2 goes on where page 1 ended', async () => {
    const sorted = [...orders].sort((a, b) => cents(b.amount) - cents(a.amount) || b.orderId - a.orderId);
    const page1 = await get<OrderReport>(`/api/reports/orders?${period()}&sort=amount-desc`);
    const page2 = await get<OrderReport>(`/api/reports/orders?${period()}&sort=amount-desc&page=2`);
    expect([...page1.rows, ...page2.rows].map((row) => row.orderId)).toEqual(
      sorted.slice(0, 200).map((order) => order.orderId),
    );
  });

  it('offers as choices the values the period has, with their counts', async () => {
    const choices = await get<Choices>(`/api/reports/orders/choices?${period()}`);
    const count = (keyOf: (o: ExportedOrder) => string) => {
      const counts = new Map<string, number>();
      for (const order of orders) counts.set(keyOf(order), (counts.get(keyOf(order)) ?? 0) + 1);
      return counts;
    };
    expect(new Map(choices.status.map((c) => [c.value, c.count]))).toEqual(count((o) => o.orderStatus));
    expect(new Map(choices.channel.map((c) => [c.value, c.count]))).toEqual(count((o) => o.orderChannel));
    expect(new Map(choices.method.map((c) => [c.value, c.count]))).toEqual(count(methodOf));
    const counts = choices.status.map((c) => c.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const seats = orders.reduce((sum, order) => sum + order.seats.length, 0);
    expect(choices.event.reduce((sum, c) => sum + c.count, 0)).toBe(seats);
    expect(choices.price.reduce((sum, c) => sum + c.count, 0)).toBe(seats);
  });

  it('streams the filtered set as CSV, in the sort order, and records the export in the audit trail', async () => {
    const keep = (o: ExportedOrder) => o.orderChannel === 'www';
    const response = await manager.request(`/api/reports/orders/export.csv?${period()}&channel=www&sort=date-asc`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    const bytes = new Uint8Array(await response.arrayBuffer());
    // A byte order mark first (a decoder would hide it), for spreadsheet programs.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    const expected = orders
      .filter(keep)
      .sort((a, b) => Date.parse(a.orderDate) - Date.parse(b.orderDate) || a.orderId - b.orderId);
    // More rows than one batch would be good; the test data has fewer, so the order of all is what counts.
    expect(parsed.data.map((row) => Number(row.orderId))).toEqual(expected.map((order) => order.orderId));
    const first = expected[0] as ExportedOrder;
    expect(parsed.data[0]).toMatchObject({
      orderKey: first.orderKey,
      amount: first.amount.toFixed(2),
      seats: String(first.seats.length),
      eventIds: [...new Set(first.seats.map((seat) => seat.eventId))].sort().join(' '),
    });
    const { rows } = await gateway.db.query<{ details: { kind: string; filters: Record<string, string> } }>(
      `select details from gateway.audit_entries where action = 'export' order by id desc limit 1`,
    );
    expect(rows[0]?.details).toMatchObject({ kind: 'orders-analysis', filters: { channel: 'www' } });
  });

  it('reads the CSV in keyset batches: every order once, across batch boundaries, for every sort', async () => {
    const { listedOrderBatches, orderWhere } = await import('./order-report');
    const organisationId = await organisationIdOf(gateway.db, 'demo');
    for (const sort of ['date-desc', 'amount-asc', 'id'] as const) {
      const ids: number[] = [];
      for await (const batch of listedOrderBatches(gateway.db, orderWhere(organisationId, { from, to }), sort, 64)) {
        ids.push(...batch.map((row) => row.orderId));
      }
      expect(ids, sort).toHaveLength(orders.length);
      expect(new Set(ids).size, sort).toBe(orders.length);
    }
  });

  it('refuses what the role does not allow, and keeps each organisation to its own mirror', async () => {
    const boxOffice = await signedInBrowser(gateway, demoPerson('box-office').email);
    expect((await boxOffice.request(`/api/reports/orders?${period()}`)).status).toBe(403);
    const marketing = await signedInBrowser(gateway, demoPerson('marketing').email);
    expect((await marketing.request(`/api/reports/orders/export.csv?${period()}`)).status).toBe(403);
    const harbour = await signedInBrowser(gateway, 'admin@harbour.test');
    const theirs = await get<OrderReport>(`/api/reports/orders?${period()}`, harbour);
    const ours = await get<OrderReport>(`/api/reports/orders?${period()}`);
    expect(theirs.totals.orders).toBeGreaterThan(0);
    expect(theirs.totals.orders).toBeLessThan(ours.totals.orders);
    const ourIds = new Set(orders.map((order) => order.orderId));
    expect(theirs.rows.some((row) => ourIds.has(row.orderId))).toBe(false);
  });

  it('answers 422 to a period that is not one', async () => {
    for (const query of ['from=2026-02-01&to=2026-01-01', 'from=2020-01-01&to=2026-01-01', 'to=2026-01-01', 'from=x']) {
      const response = await manager.request(`/api/reports/orders?${query}`);
      expect(response.status, query).toBe(422);
    }
    expect((await manager.request(`/api/reports/orders/groups?${period()}&group=none`)).status).toBe(422);
  });

  it('lists the period’s performances with sales, occupancy, blocked seats and waiting list; availability is cached', async () => {
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const past = `/api/reports/performances?from=${day(-365)}&to=${day(0)}`;
    upstream.length = 0;
    const report = await get<PerformancesReport>(past);
    const first = upstream.length;
    expect(first).toBeGreaterThan(1);
    expect(report.performances.length).toBe(upstream.filter((call) => /\/partner\/event\/\d+$/.test(call)).length);
    // Within the cache's minute, the same report asks the service nothing.
    await get<PerformancesReport>(past);
    expect(upstream.length).toBe(first);

    const all = await get<PerformancesReport>(`/api/reports/performances?from=${day(1)}&to=${day(300)}`);
    const withSales = [...report.performances, ...all.performances].filter((p) => p.ticketsSold > 0);
    expect(withSales.length).toBeGreaterThan(0);
    const performance = withSales[0] as PerformancesReport['performances'][number];
    const soldSeats = orders
      .filter((order) => (SOLD_STATUSES as readonly string[]).includes(order.orderStatus))
      .flatMap((order) => order.seats)
      .filter((seat) => seat.eventId === performance.eventId);
    expect(performance.ticketsSold).toBe(soldSeats.length);
    expect(performance.revenueCents).toBe(soldSeats.reduce((sum, seat) => sum + cents(seat.amount), 0));
    // Reserved and offered seats apart, each as the export has them (offers were in no figure).
    const seatsOf = (status: string) =>
      orders
        .filter((order) => order.orderStatus === status)
        .flatMap((order) => order.seats)
        .filter((seat) => seat.eventId === performance.eventId).length;
    expect(performance.ticketsReserved).toBe(seatsOf('res'));
    expect(performance.ticketsOffered).toBe(seatsOf('pros'));
    const detail = (await (
      await service.request(`/v1/demo/partner/event/${performance.eventId}`, { key: DEMO.apiKey })
    ).json()) as {
      availability: Array<{ capacity: number; available: number }>;
      blockAvailability: Array<{ count: number }>;
    };
    expect(performance.capacity).toBe(detail.availability.reduce((sum, rank) => sum + rank.capacity, 0));
    expect(performance.blocked).toBe(detail.blockAvailability.reduce((sum, block) => sum + block.count, 0));
    const everything = [...report.performances, ...all.performances];
    expect(everything.some((p) => p.blocks.length > 0)).toBe(true);
    expect(everything.some((p) => p.waiting.entries > 0)).toBe(true);

    // Booking pace adds up to the seats sold; by price name and by channel too.
    const pace = await get<PaceReport>(`/api/reports/performances/pace?events=${performance.eventId}`);
    const days = pace.events[0]?.days ?? [];
    expect(days.reduce((sum, day) => sum + day.tickets, 0)).toBe(performance.ticketsSold);
    expect(days.map((day) => day.day)).toEqual([...days.map((day) => day.day)].sort());
    const sales = await get<PerformanceSales>(`/api/reports/performances/${performance.eventId}`);
    expect(sales.byPrice.reduce((sum, group) => sum + group.tickets, 0)).toBe(performance.ticketsSold);
    expect(sales.byChannel.reduce((sum, group) => sum + group.revenueCents, 0)).toBe(performance.revenueCents);
  });
});
