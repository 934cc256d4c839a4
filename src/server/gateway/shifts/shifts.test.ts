import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CurrentShift, Reconciliation, ShiftDetail, ShiftPage, ShiftSummary } from '@/contract/shift';
import { boxOfficeSetup, expectJson } from '../../testing/box-office';
import type { DemoFixtures } from '../../testing/demo-fixtures';
import { organisationIdOf } from '../../testing/mirror';
import { fullPriceType } from '../../testing/selling';
import { demoPerson, quietLog, signedInBrowser, type TestBrowser, type TestGateway } from '../../testing/test-gateway';
import { DEMO, describeEachDatabase, type TestService } from '../../testing/test-service';
import type { AuditEntry } from '../audit/audit-trail';
import { upsertOrders } from '../mirror';
import { type OrderReader, type ServiceOrder, serviceOrderOf } from './service-orders';
import { readSale, readUnreadSales } from './shift-sales';
import { salesOfShift } from './shift-store';

const SELLER = demoPerson('box-office');
const MANAGER = demoPerson('manager');
const ADMIN = demoPerson('administrator');
const MARKETING = demoPerson('marketing');
const ZONE = 'Europe/Amsterdam';

describeEachDatabase('shifts and cash-up', (database) => {
  let service: TestService;
  let gateway: TestGateway;
  let fx: DemoFixtures;
  let seller: TestBrowser;
  let manager: TestBrowser;
  let admin: TestBrowser;
  let priceId: string;
  /** Desks are per test, so tests do not meet at one. */
  let deskCount = 0;
  const nextDesk = () => `Kassa ${database} ${++deskCount}`;

  beforeAll(async () => {
    ({ service, fx, gateway } = await boxOfficeSetup(database));
    seller = await signedInBrowser(gateway, SELLER.email);
    manager = await signedInBrowser(gateway, MANAGER.email);
    admin = await signedInBrowser(gateway, ADMIN.email);
    priceId = await fullPriceType(service.db, fx.generalAdmission.eventId, fx.generalAdmission.rankId);
  });
  afterAll(async () => {
    await gateway?.close();
    await service?.close();
  });

  const open = (browser: TestBrowser, desk: string, openingFloatCents: number) =>
    browser.request('/api/shifts', { method: 'POST', json: { desk, openingFloatCents, timeZone: ZONE } });

  /** A sale through the gateway, as the box office makes it: tickets (and a donation), checked out. */
  async function sell(
    browser: TestBrowser,
    options: { tickets: number; method: 'cash' | 'card' | 'online'; donation?: number },
  ): Promise<number> {
    const created = await expectJson<{ cart_id: string }>(
      await browser.request('/api/v1/demo/cart/', { method: 'POST' }),
      201,
    );
    const items: unknown[] = [
      {
        priceId,
        rankId: fx.generalAdmission.rankId,
        eventId: fx.generalAdmission.eventId,
        numberOfTickets: options.tickets,
      },
    ];
    if (options.donation)
      items.push({ priceId: 'donation', rankId: 0, amount: options.donation, itemType: 'donation' });
    await expectJson(
      await browser.request(`/api/v1/demo/partner/cart/${created.cart_id}`, { method: 'POST', json: items }),
    );
    const checkout = await expectJson<{ orderId: number }>(
      await browser.request(`/api/v1/demo/partner/cart/${created.cart_id}/checkout`, {
        method: 'POST',
        json: {
          customerId: fx.customers.withTags.customerId,
          paymentMethodId:
            options.method === 'online' ? fx.paymentMethods.online[0] : fx.paymentMethods[options.method],
          ...(options.method === 'online' ? { redirectURL: 'https://shop.example/return' } : {}),
        },
      }),
    );
    return checkout.orderId;
  }

  const orderAmount = async (orderId: number) => {
    const order = await expectJson<{ amount: number; donation: number }>(
      await service.request(`/v1/demo/partner/order/${orderId}`, { key: DEMO.apiKey }),
    );
    return { amountCents: Math.round(order.amount * 100), donationCents: Math.round(order.donation * 100) };
  };

  const current = async (browser: TestBrowser) =>
    expectJson<CurrentShift>(await browser.request('/api/shifts/current'));

  const detail = async (browser: TestBrowser, shiftId: number) =>
    expectJson<ShiftDetail>(await browser.request(`/api/shifts/${shiftId}`));

  const close = (browser: TestBrowser, shiftId: number, body: Record<string, unknown>) =>
    browser.request(`/api/shifts/${shiftId}/close`, { method: 'POST', json: body });
  const blindCount = (browser: TestBrowser, shiftId: number, body: Record<string, unknown>) =>
    browser.request(`/api/shifts/${shiftId}/blind-count`, { method: 'POST', json: body });

  const auditOf = async (action: string): Promise<AuditEntry[]> =>
    (await expectJson<{ data: AuditEntry[] }>(await admin.request(`/api/audit?action=${action}`))).data;

  /** Closes whatever shift the browser's person has open, counting exactly what is expected. */
  async function closeOpenShift(browser: TestBrowser) {
    const { shift, totals } = await current(browser);
    if (!shift || !totals) return;
    await expectJson(
      await close(browser, shift.id, {
        countedCashCents: totals.expected.cashCents,
        countedCardCents: totals.expected.cardCents,
      }),
    );
  }

  it('opens a shift at a desk with a float: one per seller and one per desk, recorded in the trail', async () => {
    const desk = nextDesk();
    const opened = await expectJson<CurrentShift>(await open(seller, desk, 15_000), 201);
    expect(opened.shift).toMatchObject({
      desk: { name: desk },
      seller: { name: SELLER.name, email: SELLER.email },
      status: 'open',
      openingFloatCents: 15_000,
      timeZone: ZONE,
      pastMidnight: false,
      salesCount: 0,
      differenceCents: null,
    });
    const shiftId = opened.shift?.id as number;
    expect((await current(seller)).shift?.id).toBe(shiftId);

    // The same seller again, at another desk: refused, naming the open shift.
    const again = await expectJson<{ message: string; shiftId: number }>(await open(seller, nextDesk(), 0), 409);
    expect(again.shiftId).toBe(shiftId);
    // Another seller at the same desk (names compare without case): refused on the desk field.
    const taken = await expectJson<{ errors: { desk: string[] } }>(await open(admin, desk.toUpperCase(), 0), 409);
    expect(taken.errors.desk[0]).toContain(SELLER.name);

    expect(
      (await expectJson<{ errors: Record<string, string[]> }>(await open(admin, '  ', 0), 422)).errors.desk,
    ).toBeDefined();
    expect(
      (await expectJson<{ errors: Record<string, string[]> }>(await open(admin, nextDesk(), -1), 422)).errors
        .openingFloatCents,
    ).toBeDefined();
    const badZone = await admin.request('/api/shifts', {
      method: 'POST',
      json: { desk: nextDesk(), openingFloatCents: 0, timeZone: 'Mars/Olympus' },
    });
    expect((await expectJson<{ errors: Record<string, string[]> }>(badZone, 422)).errors.timeZone).toBeDefined();

    const [entry] = await auditOf('shift-open');
    expect(entry).toMatchObject({
      person: SELLER.email,
      role: 'box-office',
      details: { shiftId, desk, openingFloatCents: 15_000, timeZone: ZONE },
    });
    await closeOpenShift(seller);
  });

  it('attaches every sale to the open shift and totals them per method, fees and donations apart', async () => {
    const desk = nextDesk();
    const shiftId = (await expectJson<CurrentShift>(await open(seller, desk, 10_000), 201)).shift?.id as number;
    const cashA = await sell(seller, { tickets: 2, method: 'cash' });
    const cashB = await sell(seller, { tickets: 1, method: 'cash', donation: 2.5 });
    const card = await sell(seller, { tickets: 1, method: 'card' });
    const [a, b, c] = await Promise.all([orderAmount(cashA), orderAmount(cashB), orderAmount(card)]);
    expect(b.donationCents).toBe(250);

    const running = await current(seller);
    expect(running.shift).toMatchObject({ id: shiftId, salesCount: 3 });
    expect(running.totals).toMatchObject({
      count: 3,
      unread: 0,
      amountCents: a.amountCents + b.amountCents + c.amountCents,
      donationCents: 250,
      feeCents: 0,
      expected: {
        cashCents: 10_000 + a.amountCents + b.amountCents,
        cardCents: c.amountCents,
        onlineCents: 0,
        otherCents: 0,
      },
    });
    expect(running.totals?.byMethod).toEqual([
      {
        method: 'Contant',
        tender: 'cash',
        count: 2,
        amountCents: a.amountCents + b.amountCents,
        feeCents: 0,
        donationCents: 250,
      },
      { method: 'Pin', tender: 'card', count: 1, amountCents: c.amountCents, feeCents: 0, donationCents: 0 },
    ]);

    // By performance, named, on the shift's page: four tickets of the one performance, without the donation.
    const shown = await detail(seller, shiftId);
    expect(shown.sales.map((sale) => sale.orderId)).toEqual([cashA, cashB, card]);
    expect(shown.totals.byPerformance).toEqual([
      {
        eventId: fx.generalAdmission.eventId,
        name: expect.any(String),
        start: expect.any(String),
        tickets: 4,
        amountCents: a.amountCents + b.amountCents - 250 + c.amountCents,
      },
    ]);
    expect(shown.mayClose).toBe(true);
    expect(shown.signOffRefusal).toBe('no-permission');

    // "Sold by" names the shift now.
    const sold = await expectJson<{ sales: { orderId: number; shift: { id: number; desk: string } | null }[] }>(
      await manager.request(`/api/sales?orderIds=${cashA},${card}`),
    );
    expect(sold.sales.map((sale) => sale.shift)).toEqual([
      { id: shiftId, desk, openedAt: expect.any(String) },
      { id: shiftId, desk, openedAt: expect.any(String) },
    ]);
    await closeOpenShift(seller);
  });

  it("stores a sale read as it joins the shift, with the order the checkout's write-through read", async () => {
    const shiftId = (await expectJson<CurrentShift>(await open(seller, nextDesk(), 0), 201)).shift?.id as number;
    const orderId = await sell(seller, { tickets: 2, method: 'cash' });
    // Straight after the checkout's answer: nothing is left to read a moment later.
    const [sale] = await salesOfShift(gateway.db, shiftId);
    const { amountCents } = await orderAmount(orderId);
    expect(sale).toMatchObject({
      orderId,
      read: true,
      statusAtSale: 'ord',
      paymentStatusAtSale: 'paid',
      method: 'Contant',
      tender: 'cash',
      amountCents,
      feeCents: 0,
      donationCents: 0,
      lines: [{ eventId: fx.generalAdmission.eventId, tickets: 2, amountCents }],
    });
    await closeOpenShift(seller);
  });

  it('checkouts at once are read, mirrored and joined together, each with its own order', async () => {
    const shiftId = (await expectJson<CurrentShift>(await open(seller, nextDesk(), 0), 201)).shift?.id as number;
    const orderIds = await Promise.all(
      [1, 2, 3, 1, 2].map((tickets) => sell(seller, { tickets, method: tickets === 3 ? 'card' : 'cash' })),
    );
    // Straight after the answers: every sale in the shift, read, and every order in the mirror.
    const sales = await salesOfShift(gateway.db, shiftId);
    expect(sales.map((sale) => sale.orderId).sort()).toEqual([...orderIds].sort());
    for (const orderId of orderIds) {
      const { amountCents } = await orderAmount(orderId);
      expect(sales.find((sale) => sale.orderId === orderId)).toMatchObject({ read: true, amountCents });
    }
    const { rows } = await gateway.db.query<{ order_id: string }>(
      'select order_id from gateway.mirror_orders where order_id = any($1::bigint[])',
      [orderIds],
    );
    expect(rows.map((row) => Number(row.order_id)).sort()).toEqual([...orderIds].sort());
    await closeOpenShift(seller);
  });

  it('an online payment at the desk counts apart, its fee apart, and is neither in the drawer nor on the terminal', async () => {
    const shiftId = (await expectJson<CurrentShift>(await open(seller, nextDesk(), 0), 201)).shift?.id as number;
    const online = await sell(seller, { tickets: 1, method: 'online' });
    const { amountCents } = await orderAmount(online);
    const { totals } = await current(seller);
    expect(totals?.expected).toEqual({ cashCents: 0, cardCents: 0, onlineCents: amountCents, otherCents: 0 });
    expect(totals?.byMethod[0]).toMatchObject({ tender: 'online', count: 1, amountCents });
    expect(totals?.feeCents).toBeGreaterThan(0);
    expect(totals?.feeCents).toBe(totals?.byMethod[0]?.feeCents);
    await expectJson(await close(seller, shiftId, { countedCashCents: 0, countedCardCents: 0 }));
  });

  it('closes with the counted cash and terminal total: a difference needs a reason, and the Z-report keeps it all', async () => {
    const desk = nextDesk();
    const shiftId = (await expectJson<CurrentShift>(await open(seller, desk, 5_000), 201)).shift?.id as number;
    const cash = await sell(seller, { tickets: 2, method: 'cash' });
    const card = await sell(seller, { tickets: 1, method: 'card' });
    const [cashAmount, cardAmount] = await Promise.all([orderAmount(cash), orderAmount(card)]);
    const expectedCash = 5_000 + cashAmount.amountCents;
    const short = { countedCashCents: expectedCash - 500, countedCardCents: cardAmount.amountCents };

    const noReason = await expectJson<{ errors: Record<string, string[]> }>(await close(seller, shiftId, short), 422);
    expect(noReason.errors.reason).toEqual(['Give the reason for the difference']);
    const stale = await close(seller, shiftId, { ...short, reason: 'x', expectedCashCents: expectedCash - 1 });
    expect((await expectJson<{ expected: { cashCents: number } }>(stale, 409)).expected.cashCents).toBe(expectedCash);
    // Someone else's shift: not even visible to another seller-only person (the marketing role cannot sell).
    expect((await (await signedInBrowser(gateway, MARKETING.email)).request(`/api/shifts/${shiftId}`)).status).toBe(
      403,
    );

    // The blind first count, kept by the gateway: € 20 shorter still (the recount after seeing the expected found
    // the note). Made once: a reload of the close page asked for it again, and a second one is refused.
    const firstCount = { cashCents: expectedCash - 2_500, cardCents: cardAmount.amountCents };
    const counted = await expectJson<ShiftDetail>(await blindCount(seller, shiftId, firstCount));
    expect(counted.blindCount).toMatchObject(firstCount);
    expect((await detail(seller, shiftId)).blindCount).toMatchObject(firstCount);
    expect((await blindCount(seller, shiftId, { ...firstCount, cashCents: expectedCash })).status).toBe(409);
    expect((await detail(seller, shiftId)).blindCount).toMatchObject(firstCount);
    expect((await blindCount(seller, shiftId, { cashCents: -1, cardCents: 0 })).status).toBe(422);

    const closed = await expectJson<ShiftDetail>(
      await close(seller, shiftId, {
        ...short,
        reason: 'Wisselgeld aan de bar geleend',
        expectedCashCents: expectedCash,
        expectedCardCents: cardAmount.amountCents,
      }),
    );
    expect(closed.shift).toMatchObject({
      status: 'closed',
      closedBy: { email: SELLER.email },
      differenceCents: -500,
    });
    expect(closed.zReport).toMatchObject({
      counted: { cashCents: expectedCash - 500, cardCents: cardAmount.amountCents },
      difference: { cashCents: -500, cardCents: 0, totalCents: -500 },
      blindCount: firstCount,
      reason: 'Wisselgeld aan de bar geleend',
      totals: {
        count: 2,
        expected: { cashCents: expectedCash, cardCents: cardAmount.amountCents },
      },
      reconciliation: { complete: true, changed: [], cancellations: [] },
    });
    expect(closed.mayClose).toBe(false);
    expect((await current(seller)).shift).toBeNull();
    expect((await expectJson<{ message: string }>(await close(seller, shiftId, short), 409)).message).toContain(
      'closed',
    );

    // A sale after closing joins no shift.
    const later = await sell(seller, { tickets: 1, method: 'cash' });
    const sold = await expectJson<{ sales: { shift: unknown }[] }>(
      await seller.request(`/api/sales?orderIds=${later}`),
    );
    expect(sold.sales[0]?.shift).toBeNull();
    expect((await detail(seller, shiftId)).sales).toHaveLength(2);

    const [kept] = await auditOf('shift-blind-count');
    expect(kept).toMatchObject({ person: SELLER.email, details: { shiftId, desk, ...firstCount } });
    const [entry] = await auditOf('shift-close');
    expect(entry).toMatchObject({
      person: SELLER.email,
      details: {
        shiftId,
        desk,
        sales: 2,
        expectedCashCents: expectedCash,
        countedCashCents: expectedCash - 500,
        blindCount: { ...firstCount, countedAt: counted.blindCount?.countedAt },
        differenceCents: -500,
        reason: 'Wisselgeld aan de bar geleend',
      },
    });
  });

  it('is signed off by a second person: never the seller, never the one who closed it; once', async () => {
    const shiftId = (await expectJson<CurrentShift>(await open(seller, nextDesk(), 0), 201)).shift?.id as number;
    await sell(seller, { tickets: 1, method: 'card' });
    // The seller's role cannot sign off at all (route access)…
    expect((await seller.request(`/api/shifts/${shiftId}/sign-off`, { method: 'POST', json: {} })).status).toBe(403);
    // …and an open shift is not signed off.
    expect((await manager.request(`/api/shifts/${shiftId}/sign-off`, { method: 'POST', json: {} })).status).toBe(409);
    // The administrator closes it on the seller's behalf (a shift left open), and so may not sign it off.
    const { totals } = await current(seller);
    expect((await blindCount(admin, shiftId, { cashCents: 0, cardCents: 0 })).status).toBe(403);
    const closed = await expectJson<ShiftDetail>(
      await close(admin, shiftId, { countedCashCents: 0, countedCardCents: totals?.expected.cardCents ?? 0 }),
    );
    expect(closed.shift.closedBy?.email).toBe(ADMIN.email);
    // A reviewer counts with the expected totals in view: no blind count is kept, and none is theirs to make.
    expect(closed.zReport?.blindCount).toBeUndefined();
    // Nor the seller's once the shift is closed: the migration's trigger keeps a closed shift's count as it was.
    expect((await blindCount(seller, shiftId, { cashCents: 0, cardCents: 0 })).status).toBe(409);
    expect(closed.signOffRefusal).toBe('closed-it');
    const byCloser = await admin.request(`/api/shifts/${shiftId}/sign-off`, { method: 'POST', json: {} });
    expect(await expectJson<{ message: string }>(byCloser, 403)).toEqual({
      message: 'You closed this shift: a second person signs it off.',
    });
    expect((await detail(manager, shiftId)).signOffRefusal).toBeNull();
    const signed = await expectJson<ShiftDetail>(
      await manager.request(`/api/shifts/${shiftId}/sign-off`, { method: 'POST', json: { note: 'Klopt' } }),
    );
    expect(signed.shift).toMatchObject({ status: 'signed-off', signedOffBy: { email: MANAGER.email } });
    expect(signed.signOffNote).toBe('Klopt');
    expect((await manager.request(`/api/shifts/${shiftId}/sign-off`, { method: 'POST', json: {} })).status).toBe(409);
    expect((await auditOf('shift-sign-off'))[0]).toMatchObject({
      person: MANAGER.email,
      details: { shiftId, note: 'Klopt' },
    });

    // A reviewer's own shift (the administrator sells too): not theirs to sign off.
    const own = (await expectJson<CurrentShift>(await open(admin, nextDesk(), 0), 201)).shift?.id as number;
    await expectJson(await close(admin, own, { countedCashCents: 0, countedCardCents: 0 }));
    const byOwner = await admin.request(`/api/shifts/${own}/sign-off`, { method: 'POST', json: {} });
    expect(await expectJson<{ message: string }>(byOwner, 403)).toEqual({
      message: 'You cannot sign off your own shift: a second person does.',
    });
    await expectJson(await manager.request(`/api/shifts/${own}/sign-off`, { method: 'POST', json: {} }));
  });

  it('the database itself refuses a sign-off by the seller and any change to a closed shift', async () => {
    const shiftId = (await expectJson<CurrentShift>(await open(seller, nextDesk(), 100), 201)).shift?.id as number;
    await expectJson(await close(seller, shiftId, { countedCashCents: 100, countedCardCents: 0 }));
    const { rows } = await gateway.db.query<{ account_id: string }>(
      'select account_id from gateway.shifts where id = $1',
      [shiftId],
    );
    const sellerId = rows[0]?.account_id;
    await expect(
      gateway.db.query(
        `update gateway.shifts set status = 'signed-off', signed_off_at = now(), signed_off_by = $2 where id = $1`,
        [shiftId, sellerId],
      ),
    ).rejects.toThrow(/shifts_second_person/);
    await expect(
      gateway.db.query('update gateway.shifts set counted_cash_cents = 0 where id = $1', [shiftId]),
    ).rejects.toThrow(/only its sign-off may follow/);
    await expect(
      gateway.db.query(`update gateway.shifts set difference_reason = null, counted_cash_cents = 1 where id = $1`, [
        shiftId,
      ]),
    ).rejects.toThrow();
    // A difference without a reason, even written straight into the table.
    const other = (await expectJson<CurrentShift>(await open(seller, nextDesk(), 0), 201)).shift?.id as number;
    await expect(
      gateway.db.query(
        `update gateway.shifts set status = 'closed', closed_at = now(), closed_by = account_id, expected_cash_cents = 0,
                expected_card_cents = 0, counted_cash_cents = 100, counted_card_cents = 0, z_report = '{}'
          where id = $1`,
        [other],
      ),
    ).rejects.toThrow(/shifts_difference_reason/);
    await closeOpenShift(seller);
  });

  it('lists shifts with the filters, flags one open past midnight, and shows a seller only their own', async () => {
    const desk = nextDesk();
    const late = (await expectJson<CurrentShift>(await open(seller, desk, 0), 201)).shift?.id as number;
    const otherDesk = nextDesk();
    const mine = (await expectJson<CurrentShift>(await open(admin, otherDesk, 0), 201)).shift?.id as number;
    // Opened yesterday where the desk is.
    await gateway.db.query(`update gateway.shifts set opened_at = now() - interval '1 day' where id = $1`, [late]);

    const deskId = (await detail(manager, late)).shift.desk.id;
    const flagged = await expectJson<ShiftPage>(await manager.request('/api/shifts?flag=past-midnight&status=open'));
    expect(flagged.data.map((shift) => shift.id)).toContain(late);
    expect(flagged.data.map((shift) => shift.id)).not.toContain(mine);
    expect(flagged.data.find((shift) => shift.id === late)?.pastMidnight).toBe(true);
    const byDesk = await expectJson<ShiftPage>(await manager.request(`/api/shifts?desk=${deskId}`));
    expect(byDesk.data.map((shift: ShiftSummary) => shift.id)).toEqual([late]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: ZONE }).format(new Date());
    const fromToday = await expectJson<ShiftPage>(await manager.request(`/api/shifts?from=${today}&desk=${deskId}`));
    expect(fromToday.total).toBe(0);
    expect((await manager.request('/api/shifts?status=lost')).status).toBe(422);

    // The seller sees their own shifts only, whatever the filter asks, and not the administrator's shift.
    const own = await expectJson<ShiftPage>(await seller.request(`/api/shifts?seller=${0}`));
    expect(own.data.every((shift) => shift.seller.email === SELLER.email)).toBe(true);
    expect((await seller.request(`/api/shifts/${mine}`)).status).toBe(404);
    const options = await expectJson<{ desks: { name: string }[]; sellers: unknown[] }>(
      await manager.request('/api/shifts/options'),
    );
    expect(options.desks.map((entry) => entry.name)).toEqual(expect.arrayContaining([desk, otherDesk]));
    expect(options.sellers.length).toBeGreaterThanOrEqual(2);
    expect((await expectJson<{ sellers: unknown[] }>(await seller.request('/api/shifts/options'))).sellers).toEqual([]);
    await closeOpenShift(seller);
    await closeOpenShift(admin);
  });

  it('reconciles with the service: desk sales Foyer did not make, and sales that changed after the sale', async () => {
    const shiftId = (await expectJson<CurrentShift>(await open(seller, nextDesk(), 0), 201)).shift?.id as number;
    const kept = await sell(seller, { tickets: 1, method: 'cash' });
    const cancelled = await sell(seller, { tickets: 2, method: 'card' });
    // The sale's amounts are read when the shift is looked at (or a moment after the sale).
    await detail(seller, shiftId);
    // A desk sale straight at the service, with the API key, not through Foyer.
    const cart = await expectJson<{ cart_id: string }>(
      await service.request('/v1/demo/cart/', { method: 'POST' }),
      201,
    );
    await expectJson(
      await service.request(`/v1/demo/partner/cart/${cart.cart_id}`, {
        method: 'POST',
        key: DEMO.apiKey,
        json: [{ priceId, rankId: fx.generalAdmission.rankId, eventId: fx.generalAdmission.eventId }],
      }),
    );
    const outside = (
      await expectJson<{ orderId: number }>(
        await service.request(`/v1/demo/partner/cart/${cart.cart_id}/checkout`, {
          method: 'POST',
          key: DEMO.apiKey,
          json: { customerId: fx.customers.withTags.customerId, paymentMethodId: fx.paymentMethods.cash },
        }),
      )
    ).orderId;
    // The card sale is cancelled afterwards (in the service's own back office).
    await service.db.query(
      `update orders set status = 'cancel', payment_status = 'cancelled', last_changed = now() where id = $1`,
      [cancelled],
    );
    const { amountCents: cancelledAmount } = await orderAmount(cancelled);
    // Earlier sales as the mirror holds them: a desk sale of yesterday refunded during the shift is listed; one
    // that was only looked at (paid, unchanged in status), and a webshop sale cancelled meanwhile, are not.
    const { rows: organisation } = await gateway.db.query<{ id: string }>(
      `select id from gateway.organisations where client_name = 'demo'`,
    );
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    const earlier = (orderId: number, fields: Record<string, unknown>) => ({
      orderId,
      orderKey: `earlier-${orderId}`,
      customerId: fx.customers.withTags.customerId,
      orderStatus: 'ord',
      orderPaymentStatus: 'paid',
      orderChannel: 'sp',
      handlingTextPayment: 'Contant',
      orderDate: yesterday,
      lastChanged: new Date().toISOString(),
      amount: 30,
      fee: 0,
      seats: [],
      deletedSeats: [],
      ...fields,
    });
    await upsertOrders(gateway.db, Number(organisation[0]?.id), [
      earlier(912_000_001, { orderStatus: 'cancel', orderPaymentStatus: 'cancelled' }),
      earlier(912_000_002, {}),
      earlier(912_000_003, { orderChannel: 'www', orderStatus: 'cancel', orderPaymentStatus: 'cancelled' }),
    ]);

    const reconciliation = await expectJson<Reconciliation>(
      await seller.request(`/api/shifts/${shiftId}/reconciliation`),
    );
    expect(reconciliation.complete).toBe(true);
    expect(reconciliation.outsideFoyer.map((order) => order.orderId)).toEqual([outside]);
    expect(reconciliation.changed).toEqual([
      {
        orderId: cancelled,
        kind: 'changed',
        orderDate: expect.any(String),
        method: 'Pin',
        now: { orderStatus: 'cancel', paymentStatus: 'cancelled', amountCents: cancelledAmount },
        atSale: { orderStatus: 'ord', paymentStatus: 'paid', amountCents: cancelledAmount },
      },
    ]);
    expect(reconciliation.cancellations).toEqual([
      {
        orderId: cancelled,
        kind: 'cancelled',
        orderStatus: 'cancel',
        paymentStatus: 'cancelled',
        amountCents: cancelledAmount,
        method: 'Pin',
        ofThisShift: true,
      },
      {
        orderId: 912_000_001,
        kind: 'cancelled',
        orderStatus: 'cancel',
        paymentStatus: 'cancelled',
        amountCents: 3000,
        method: 'Contant',
        ofThisShift: false,
        soldBefore: true,
      },
    ]);
    expect(reconciliation.changed.map((order) => order.orderId)).not.toContain(kept);

    // The Z-report keeps what was seen at closing.
    const { totals } = await current(seller);
    const closed = await expectJson<ShiftDetail>(
      await close(seller, shiftId, {
        countedCashCents: totals?.expected.cashCents ?? 0,
        countedCardCents: 0,
        reason: 'Pinbetaling geannuleerd en teruggeboekt',
      }),
    );
    expect(closed.zReport?.reconciliation?.cancellations.map((entry) => entry.orderId)).toEqual([
      cancelled,
      912_000_001,
    ]);
    expect(closed.zReport?.reconciliation?.outsideFoyer.map((entry) => entry.orderId)).toEqual([outside]);
  });

  it('settles a sale the order list does not show when the shift is looked at: its amount counts, fee and performances unknown', async () => {
    const shiftId = (await expectJson<CurrentShift>(await open(seller, nextDesk(), 0), 201)).shift?.id as number;
    const { rows } = await gateway.db.query<{ id: string }>(
      `select id from gateway.organisations where client_name = 'demo'`,
    );
    const organisationId = Number(rows[0]?.id);
    const orderId = 987_654_321;
    await gateway.db.query(
      'insert into gateway.shift_sales (organisation_id, order_id, shift_id, online) values ($1, $2, $3, false)',
      [organisationId, orderId, shiftId],
    );
    const order = serviceOrderOf({
      orderId,
      orderStatus: 'ord',
      orderPaymentStatus: 'paid',
      orderDate: '2026-11-26T10:00:00+01:00',
      lastChanged: '2026-11-26T10:00:00+01:00',
      amount: 12.34,
      donation: 0,
      handlingTextPayment: 'Contant',
    }) as ServiceOrder;
    // A service whose order list never shows the order.
    const reader: OrderReader = {
      order: async () => order,
      orderPage: async () => ({ orders: [], lastPage: 1 }),
      event: async () => null,
    };
    expect(await readSale(gateway.db, reader, organisationId, { orderId, online: false })).toBe(false);
    expect((await salesOfShift(gateway.db, shiftId))[0]).toMatchObject({ read: false, statusAtSale: 'ord' });
    expect(
      await readUnreadSales(gateway.db, reader, organisationId, await salesOfShift(gateway.db, shiftId), quietLog),
    ).toBe(0);
    expect((await salesOfShift(gateway.db, shiftId))[0]).toMatchObject({
      read: true,
      tender: 'cash',
      amountCents: 1_234,
      feeCents: null,
      lines: null,
    });
    const { totals } = await current(seller);
    expect(totals).toMatchObject({ count: 1, unread: 0, expected: { cashCents: 1_234 }, byPerformance: [] });
    await closeOpenShift(seller);
  });

  it('two opens at once make one shift: for one seller, and for one desk', async () => {
    const sameSeller = await Promise.all([open(seller, nextDesk(), 0), open(seller, nextDesk(), 0)]);
    expect(sameSeller.map((response) => response.status).sort()).toEqual([201, 409]);
    await closeOpenShift(seller);

    const desk = nextDesk();
    const sameDesk = await Promise.all([open(seller, desk, 0), open(admin, desk, 0)]);
    expect(sameDesk.map((response) => response.status).sort()).toEqual([201, 409]);
    const { rows } = await gateway.db.query<{ n: number }>(
      `select count(*)::int as n from gateway.shifts s join gateway.desks d on d.id = s.desk_id
        where d.name = $1 and s.status = 'open'`,
      [desk],
    );
    expect(rows[0]?.n).toBe(1);
    await closeOpenShift(seller);
    await closeOpenShift(admin);
  });

  it('two closes at once close once; two sign-offs at once sign off once', async () => {
    const shiftId = (await expectJson<CurrentShift>(await open(seller, nextDesk(), 0), 201)).shift?.id as number;
    const counts = { countedCashCents: 0, countedCardCents: 0 };
    const closes = await Promise.all([close(seller, shiftId, counts), close(admin, shiftId, counts)]);
    expect(closes.map((response) => response.status).sort()).toEqual([200, 409]);
    const closedBy = (await detail(manager, shiftId)).shift.closedBy?.email;
    // Whoever did not close it signs it off, alongside the manager: one of them wins.
    const reviewers = closedBy === ADMIN.email ? [manager, manager] : [manager, admin];
    const signs = await Promise.all(
      reviewers.map((browser) => browser.request(`/api/shifts/${shiftId}/sign-off`, { method: 'POST', json: {} })),
    );
    expect(signs.map((response) => response.status).sort()).toEqual([200, 409]);
    expect((await auditOf('shift-sign-off')).filter((entry) => entry.details?.shiftId === shiftId)).toHaveLength(1);
  });
  it('a payment link the buyer cancels is no sale: out of the count and the totals, listed apart, no refund to name', async () => {
    // Last: its cancelled desk orders, dated in the seconds around its close, would be other desk sales of the
    // time of a shift opened in the same second, and listed as cancellations there.
    const desk = nextDesk();
    const shiftId = (await expectJson<CurrentShift>(await open(seller, desk, 0), 201)).shift?.id as number;
    const paid = await sell(seller, { tickets: 1, method: 'online' });
    const cancelled = await sell(seller, { tickets: 2, method: 'online' });
    const { amountCents: paidCents } = await orderAmount(paid);
    const { amountCents: cancelledCents } = await orderAmount(cancelled);
    // As the walkthrough found it: the buyer presses "Cancel order" on the service's payment page, out of Foyer.
    const cancelPaymentPage = async (orderId: number) => {
      const order = await expectJson<{ orderKey: string }>(
        await service.request(`/v1/demo/partner/order/${orderId}`, { key: DEMO.apiKey }),
      );
      const response = await service.request(`/v1/demo/pay/${order.orderKey}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ action: 'cancel' }).toString(),
      });
      expect(response.status).toBeLessThan(400);
    };
    await cancelPaymentPage(cancelled);
    // Once the mirror has heard of it, the shift bar and the running totals leave it out.
    await gateway.deps.mirror.syncNow(await organisationIdOf(gateway.db, DEMO.client));
    const running = await current(seller);
    expect(running.shift?.salesCount).toBe(1);
    expect(running.shift?.salesTotalCents).toBe(paidCents);
    expect(running.totals).toMatchObject({
      count: 1,
      withdrawn: { count: 1, amountCents: cancelledCents },
      expected: { cashCents: 0, cardCents: 0, onlineCents: paidCents, otherCents: 0 },
    });
    // A second one cancelled just before closing, before any sync: the close asks the service and leaves it out too.
    const late = await sell(seller, { tickets: 1, method: 'online' });
    const { amountCents: lateCents } = await orderAmount(late);
    await cancelPaymentPage(late);
    const closed = await expectJson<ShiftDetail>(
      await close(seller, shiftId, { countedCashCents: 0, countedCardCents: 0 }),
    );
    expect(closed.zReport?.totals).toMatchObject({
      count: 1,
      amountCents: paidCents,
      withdrawn: { count: 2, amountCents: cancelledCents + lateCents },
      expected: { onlineCents: paidCents },
    });
    expect(closed.sales.map((sale) => [sale.orderId, sale.withdrawn])).toEqual([
      [paid, false],
      [cancelled, true],
      [late, true],
    ]);
    // No money went back: nothing for the seller to explain as a refund (other tests' orders may be listed).
    const ownOrders = new Set([paid, cancelled, late]);
    expect(closed.zReport?.reconciliation?.cancellations.filter((entry) => ownOrders.has(entry.orderId))).toEqual([]);
  });

  // A walkthrough: an online sale at the desk, the buyer cancels on the payment page, the desk's screen says
  // "De betaling is geannuleerd" — and the shift bar, reloaded, still counted the sale as sold (the mirror, which
  // the totals read, learns of the cancellation only at its next sync), while the close page left it out.
  it('an online payment the buyer cancels leaves the totals once the desk’s screen has read its status', async () => {
    // Among the last, as the test above: its cancelled desk order would be listed as a cancellation by a shift
    // opened in the same second.
    const shiftId = (await expectJson<CurrentShift>(await open(seller, nextDesk(), 0), 201)).shift?.id as number;
    const online = await sell(seller, { tickets: 1, method: 'online' });
    const { amountCents } = await orderAmount(online);
    expect((await current(seller)).totals).toMatchObject({ count: 1, amountCents });
    const { rows } = await service.db.query<{ key: string }>('select order_key as key from orders where id = $1', [
      online,
    ]);
    const orderKey = rows[0]?.key as string;
    const cancelled = await service.request(`/v1/demo/pay/${orderKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'cancel' }).toString(),
    });
    expect(cancelled.status).toBe(303);
    // The desk's screen reads the status as it does every 10 seconds (sale-complete.tsx), through the gateway.
    const status = await expectJson<{ order_payment_status: string }>(
      await seller.request(`/api/v1/demo/order/${orderKey}`),
    );
    expect(status.order_payment_status).toBe('cancelled');
    // No sync in between: the bar's totals leave the sale out and list it apart, as the close page does.
    const { totals } = await current(seller);
    expect(totals).toMatchObject({ count: 0, amountCents: 0, withdrawn: { count: 1, amountCents } });
    expect((await detail(seller, shiftId)).totals).toMatchObject({ count: 0, withdrawn: { count: 1 } });
    await expectJson(await close(seller, shiftId, { countedCashCents: 0, countedCardCents: 0 }));
  });

  // A walkthrough closed a shift with online payments still unpaid, then opened it once they had lapsed: the page
  // said "Verkopen 10 · € 799,76" above a table of 12 · € 963,84, with nothing to say why.
  it('a payment that lapses after the close: the page keeps the Z-report’s figures throughout and says what lapsed', async () => {
    const shiftId = (await expectJson<CurrentShift>(await open(seller, nextDesk(), 0), 201)).shift?.id as number;
    const cash = await sell(seller, { tickets: 1, method: 'cash' });
    const online = await sell(seller, { tickets: 1, method: 'online' });
    const { amountCents: cashCents } = await orderAmount(cash);
    const { amountCents: onlineCents } = await orderAmount(online);
    const closed = await expectJson<ShiftDetail>(
      await close(seller, shiftId, { countedCashCents: cashCents, countedCardCents: 0 }),
    );
    expect(closed.zReport?.totals).toMatchObject({
      count: 2,
      amountCents: cashCents + onlineCents,
      awaiting: { count: 1, amountCents: onlineCents },
    });
    expect(closed.lapsedSinceClose).toBeNull();
    // The buyer lets the link lapse (cancelled on the payment page), and the mirror hears of it.
    const { rows } = await service.db.query<{ key: string }>('select order_key as key from orders where id = $1', [
      online,
    ]);
    const lapsed = await service.request(`/v1/demo/pay/${rows[0]?.key}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'cancel' }).toString(),
    });
    expect(lapsed.status).toBe(303);
    await gateway.deps.mirror.syncNow(await organisationIdOf(gateway.db, DEMO.client));
    const after = await detail(seller, shiftId);
    expect(after.shift).toMatchObject({ salesCount: 2, salesTotalCents: cashCents + onlineCents });
    expect(after.totals).toMatchObject({ count: 2, amountCents: cashCents + onlineCents });
    expect(after.lapsedSinceClose).toEqual({ count: 1, amountCents: onlineCents });
    expect(after.sales.find((sale) => sale.orderId === online)?.withdrawn).toBe(true);
  });
});
