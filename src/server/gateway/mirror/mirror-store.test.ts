import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import type { Database } from '../../db/database';
import { describeEachDatabase, type TestService } from '../../testing/test-service';
import { createTestStore } from '../../testing/test-store';
import { refreshRollups } from '../reports/report-rollups';
import { lastCompleteSync, upsertCustomers, upsertOrders, upsertWaitingList } from './mirror-store';

const customer = (id: number, lastChanged: string, extra: Record<string, unknown> = {}) => ({
  customerId: id,
  customerExternalId: null,
  email: `c${id}@example.test`,
  customerFirstName: 'Anna',
  customerLastName: `Jansen ${id}`,
  customerCredit: '0.00',
  customerPrefs: { user_prefs_optin: '1' },
  lastChanged,
  customerTags: null,
  ...extra,
});

const seat = (seatId: number, amount: number | string) => ({
  seatId,
  eventId: 7,
  rankId: 3,
  rowNr: 2,
  seatNr: seatId % 100,
  amount,
  priceId: 'p1',
  priceName: 'Vol tarief',
});

const order = (id: number, lastChanged: string, extra: Record<string, unknown> = {}) => ({
  orderId: id,
  orderKey: `key-${id}`,
  customerId: 11,
  orderStatus: 'ord',
  orderPaymentStatus: 'paid',
  orderDate: '2026-11-20T19:00:00+01:00',
  timeOut: null,
  amount: 52.5,
  donation: 0,
  lastChanged,
  handlingTextPayment: 'Pin',
  discountName: null,
  orderChannel: 'sp',
  fee: 2.5,
  seats: [seat(101, 25), seat(102, '25.00')],
  deletedSeats: [],
  user: customer(11, lastChanged),
  ...extra,
});

describeEachDatabase('the mirror store', (database) => {
  let service: TestService;
  let db: Database;
  let organisationId: number;

  beforeAll(async () => {
    ({ service, organisationId } = await createTestStore(database, 'store-test'));
    db = service.db;
  });
  afterAll(async () => {
    await service?.close();
  });
  beforeEach(async () => {
    for (const table of ['mirror_customers', 'mirror_orders', 'mirror_waiting_list'])
      await db.query(`delete from gateway.${table} where organisation_id = $1`, [organisationId]);
  });

  it('upserts customers by id, splits their tags leniently, and never goes back in time', async () => {
    const written = await upsertCustomers(db, organisationId, [
      customer(1, '2026-11-20T10:00:00+01:00', { customerTags: 'vip, pers,,abonnee' }),
      customer(2, '2026-11-20T10:00:00+01:00', { customerTags: ['vip', 'pers'] }),
      customer(3, '2026-11-20T10:00:00+01:00'),
    ]);
    expect(written).toBe(3);
    const tags = async () =>
      (
        await db.query<{ customer_id: string; tags: string[] }>(
          'select customer_id, tags from gateway.mirror_customers where organisation_id = $1 order by customer_id',
          [organisationId],
        )
      ).rows.map((row) => [Number(row.customer_id), row.tags]);
    expect(await tags()).toEqual([
      [1, ['vip', 'pers', 'abonnee']],
      [2, ['vip', 'pers']],
      [3, []],
    ]);

    // An older read (a sync page that left before a write-through) does not undo the newer record; one of the
    // same second does replace it (the watermark's second is read again), and a newer one does.
    expect(await upsertCustomers(db, organisationId, [customer(1, '2026-11-20T09:59:59+01:00')])).toBe(0);
    expect(
      await upsertCustomers(db, organisationId, [
        customer(1, '2026-11-20T10:00:00+01:00', { customerTags: 'vip' }),
        customer(2, '2026-11-20T10:00:05+01:00', { customerLastName: 'De Vries', customerTags: null }),
      ]),
    ).toBe(2);
    expect(await tags()).toEqual([
      [1, ['vip']],
      [2, []],
      [3, []],
    ]);
    const { rows } = await db.query<{ body: { customerLastName: string }; email: string }>(
      'select body, email from gateway.mirror_customers where organisation_id = $1 and customer_id = 2',
      [organisationId],
    );
    expect(rows[0]).toMatchObject({ email: 'c2@example.test', body: { customerLastName: 'De Vries' } });
  });

  it('writes a record read again only when it changed: not its lines, marks or search follow-up again', async () => {
    const at = '2026-11-20T10:00:00+01:00';
    const changeIds = async () =>
      (
        await db.query<{ id: string; xid: string }>(
          `select customer_id::text as id, change_xid::text as xid from gateway.mirror_customers
            where organisation_id = $1 order by customer_id`,
          [organisationId],
        )
      ).rows;
    expect(await upsertCustomers(db, organisationId, [customer(41, at), customer(42, at)])).toBe(2);
    const written = await changeIds();
    // The same records again (the sync after a write-through): nothing written, the search has nothing to follow.
    expect(await upsertCustomers(db, organisationId, [customer(41, at), customer(42, at)])).toBe(0);
    expect(await changeIds()).toEqual(written);
    // As new, but changed (a service that keeps seconds): written.
    expect(await upsertCustomers(db, organisationId, [customer(41, at, { customerLastName: 'Bakker' })])).toBe(1);

    const lineRows = async () =>
      (
        await db.query<{ line_no: number; seat_id: string; ctid: string }>(
          `select line_no, seat_id, ctid::text from gateway.mirror_order_seats
            where organisation_id = $1 and order_id = 51 order by line_no`,
          [organisationId],
        )
      ).rows;
    const marks = async () =>
      (
        await db.query<{ n: number }>(
          `select (select count(*) from gateway.report_dirty_days where organisation_id = $1)::int
                + (select count(*) from gateway.segment_dirty_customers where organisation_id = $1)::int as n`,
          [organisationId],
        )
      ).rows[0]?.n;
    const clearMarks = async () => {
      await db.query('delete from gateway.report_dirty_days where organisation_id = $1', [organisationId]);
      await db.query('delete from gateway.segment_dirty_customers where organisation_id = $1', [organisationId]);
    };
    expect(await upsertOrders(db, organisationId, [order(51, at)])).toBe(1);
    const placed = await lineRows();
    await clearMarks();
    expect(await upsertOrders(db, organisationId, [order(51, at)])).toBe(0);
    expect(await lineRows()).toEqual(placed);
    expect(await marks()).toBe(0);
    // The same second, the same order fields, a seat swapped at the same price: the lines are replaced.
    expect(await upsertOrders(db, organisationId, [order(51, at, { seats: [seat(101, 25), seat(109, 25)] })])).toBe(1);
    expect((await lineRows()).map((line) => [line.line_no, Number(line.seat_id)])).toEqual([
      [1, 101],
      [2, 109],
    ]);
    expect(await marks()).toBeGreaterThan(0);
  });

  it('keeps the newest of a record that a batch holds twice', async () => {
    await upsertCustomers(db, organisationId, [
      customer(5, '2026-11-20T10:00:03+01:00', { customerLastName: 'Nieuw' }),
      customer(5, '2026-11-20T10:00:01+01:00', { customerLastName: 'Oud' }),
    ]);
    const { rows } = await db.query<{ name: string }>(
      `select body->>'customerLastName' as name from gateway.mirror_customers
        where organisation_id = $1 and customer_id = 5`,
      [organisationId],
    );
    expect(rows).toEqual([{ name: 'Nieuw' }]);
  });

  it("marks the days of written orders for the reports' rollups, the day an order leaves included", async () => {
    const marked = async () =>
      (
        await db.query<{ day: string }>(
          `select to_char(order_day, 'YYYY-MM-DD') as day from gateway.report_dirty_days
            where organisation_id = $1 order by order_day`,
          [organisationId],
        )
      ).rows.map((row) => row.day);
    const clear = () => db.query('delete from gateway.report_dirty_days where organisation_id = $1', [organisationId]);
    await clear();
    await upsertOrders(db, organisationId, [order(21, '2026-11-20T10:00:00+01:00')]);
    expect(await marked()).toEqual(['2026-11-20']);
    await clear();
    // Moved to another day (its lines replaced with it): both days' rollups are stale.
    await upsertOrders(db, organisationId, [
      order(21, '2026-11-20T10:05:00+01:00', { orderDate: '2026-11-22T20:00:00+01:00', seats: [seat(103, 25)] }),
    ]);
    expect(await marked()).toEqual(['2026-11-20', '2026-11-22']);
    await clear();
    // An older read writes nothing and marks nothing.
    await upsertOrders(db, organisationId, [order(21, '2026-11-20T10:00:00+01:00')]);
    expect(await marked()).toEqual([]);
  });

  it.runIf(database === 'postgres')(
    'marks a day without waiting for another write of that day, or for the rebuild that took it',
    async () => {
      await db.query('delete from gateway.report_dirty_days where organisation_id = $1', [organisationId]);
      // Resolves 'waited' when `write` is still waiting after a second (it then ends with the transaction).
      const unless = (write: Promise<unknown>) =>
        Promise.race([write.then(() => 'went on'), new Promise((resolve) => setTimeout(resolve, 1000, 'waited'))]);
      const day = '2026-11-20';
      await db.transaction(async (tx) => {
        // A sale's write-through marked the day and has not committed yet; another desk's sale of the day goes on.
        await upsertOrders(tx, organisationId, [order(31, `${day}T10:00:00+01:00`)]);
        expect(await unless(upsertOrders(db, organisationId, [order(32, `${day}T10:00:00+01:00`)]))).toBe('went on');
      });
      await db.transaction(async (tx) => {
        // A rebuild took the day's marks (refreshRollups) and is still at it; a sale of the day goes on, its mark
        // left for the next rebuild.
        await tx.query('delete from gateway.report_dirty_days where organisation_id = $1', [organisationId]);
        expect(await unless(upsertOrders(db, organisationId, [order(33, `${day}T10:00:00+01:00`)]))).toBe('went on');
      });
      const { rows } = await db.query<{ n: number }>(
        `select count(*)::int as n from gateway.report_dirty_days where organisation_id = $1 and order_day = $2`,
        [organisationId, day],
      );
      expect(rows[0]?.n).toBe(1);
      // Marked as often as written, the day is rebuilt once.
      await upsertOrders(db, organisationId, [order(34, `${day}T10:00:00+01:00`)]);
      expect(await refreshRollups(db, organisationId)).toBe(1);
    },
  );

  it('upserts orders with their lines, replacing the lines as a whole, in cents', async () => {
    expect(
      await upsertOrders(db, organisationId, [
        order(1, '2026-11-20T10:00:00+01:00'),
        order(2, '2026-11-20T10:00:00+01:00', {
          customerId: null,
          user: null,
          discountName: 'Vroegboek',
          amount: '40.10',
        }),
      ]),
    ).toBe(2);
    const lines = async (orderId: number) =>
      (
        await db.query<{ line_no: number; deleted: boolean; seat_id: string; amount_cents: string }>(
          `select line_no, deleted, seat_id, amount_cents from gateway.mirror_order_seats
            where organisation_id = $1 and order_id = $2 order by deleted, line_no`,
          [organisationId, orderId],
        )
      ).rows.map((row) => [row.line_no, row.deleted, Number(row.seat_id), Number(row.amount_cents)]);
    expect(await lines(1)).toEqual([
      [1, false, 101, 2500],
      [2, false, 102, 2500],
    ]);
    const { rows: orders } = await db.query<Record<string, unknown>>(
      `select order_id::int, customer_id::int, amount_cents::int, fee_cents::int, discount_name, channel,
              payment_method, body ? 'seats' as has_seats, body ? 'user' as has_user
         from gateway.mirror_orders where organisation_id = $1 order by order_id`,
      [organisationId],
    );
    expect(orders).toEqual([
      expect.objectContaining({ order_id: 1, customer_id: 11, amount_cents: 5250, fee_cents: 250, channel: 'sp' }),
      expect.objectContaining({ order_id: 2, customer_id: null, amount_cents: 4010, discount_name: 'Vroegboek' }),
    ]);
    expect(orders[0]).toMatchObject({ payment_method: 'Pin', has_seats: false, has_user: false });

    // A seat removed from the order: one line left, the removed one among the deleted lines.
    await upsertOrders(db, organisationId, [
      order(1, '2026-11-20T10:05:00+01:00', { seats: [seat(102, 25)], deletedSeats: [seat(101, 25)] }),
    ]);
    expect(await lines(1)).toEqual([
      [1, false, 102, 2500],
      [1, true, 101, 2500],
    ]);
    // An older copy changes neither the order nor its lines.
    expect(await upsertOrders(db, organisationId, [order(1, '2026-11-20T10:00:00+01:00')])).toBe(0);
    expect(await lines(1)).toHaveLength(2);
    // Cancelled: every line deleted.
    await upsertOrders(db, organisationId, [
      order(1, '2026-11-20T10:06:00+01:00', {
        orderStatus: 'cancel',
        orderPaymentStatus: 'cancelled',
        seats: [],
        deletedSeats: [seat(101, 25), seat(102, 25)],
      }),
    ]);
    expect(await lines(1)).toEqual([
      [1, true, 101, 2500],
      [2, true, 102, 2500],
    ]);
  });

  it('upserts waiting-list entries, the newest read winning', async () => {
    const entry = {
      waitingId: 9,
      customerId: 11,
      eventId: 7,
      numberOfTickets: 2,
      type: 'waiting',
      createdAt: '2026-11-01T12:00:00+01:00',
      notifiedAt: null,
      user: customer(11, '2026-11-01T12:00:00+01:00'),
    };
    expect(await upsertWaitingList(db, organisationId, [entry])).toBe(1);
    await upsertWaitingList(db, organisationId, [
      { ...entry, type: 'notified', notifiedAt: '2026-11-02T09:00:00+01:00' },
    ]);
    const { rows } = await db.query<{ type: string; notified_at: Date; number_of_tickets: number }>(
      'select type, notified_at, number_of_tickets from gateway.mirror_waiting_list where organisation_id = $1',
      [organisationId],
    );
    expect(rows).toEqual([{ type: 'notified', notified_at: new Date('2026-11-02T08:00:00Z'), number_of_tickets: 2 }]);
  });

  it('says when every resource last finished a sync: the earliest success, none before each had its full sync', async () => {
    await db.query('delete from gateway.mirror_sync_state where organisation_id = $1', [organisationId]);
    const state = (resource: string, success: string, fullSyncDone: boolean) =>
      db.query(
        `insert into gateway.mirror_sync_state (organisation_id, resource, last_success_at, full_sync_finished_at)
         values ($1, $2, $3, $4)
         on conflict (organisation_id, resource) do update
           set last_success_at = excluded.last_success_at, full_sync_finished_at = excluded.full_sync_finished_at`,
        [organisationId, resource, success, fullSyncDone ? success : null],
      );
    expect(await lastCompleteSync(db, organisationId)).toBeNull();
    await state('customers', '2026-11-20T10:00:03Z', true);
    await state('orders', '2026-11-20T10:00:01Z', true);
    await state('waitinglist', '2026-11-20T10:00:02Z', false);
    expect(await lastCompleteSync(db, organisationId)).toBeNull();
    await state('waitinglist', '2026-11-20T10:00:02Z', true);
    expect(await lastCompleteSync(db, organisationId)).toEqual(new Date('2026-11-20T10:00:01Z'));
  });
});
