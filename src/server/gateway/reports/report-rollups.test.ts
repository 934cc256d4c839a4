import pino from 'pino';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { type Database, isBackgroundWork } from '../../db/database';
import { describeEachDatabase, type TestService } from '../../testing/test-service';
import { createTestStore } from '../../testing/test-store';
import { upsertOrders } from '../mirror/mirror-store';
import { ReportRollupKeeper, refreshRollups } from './report-rollups';

/** An order of `day` (YYYY-MM-DD) with two seats of 25.00, as the service exports it. */
const orderOf = (orderId: number, day: string) => ({
  orderId,
  orderKey: `key-${orderId}`,
  customerId: null,
  orderStatus: 'ord',
  orderPaymentStatus: 'paid',
  orderDate: `${day}T19:00:00+01:00`,
  timeOut: null,
  amount: 50,
  donation: 0,
  lastChanged: `${day}T19:00:00+01:00`,
  handlingTextPayment: 'Pin',
  discountName: null,
  orderChannel: 'sp',
  fee: 0,
  seats: [1, 2].map((n) => ({
    seatId: orderId * 10 + n,
    eventId: 7,
    rankId: 3,
    rowNr: 1,
    seatNr: n,
    amount: 25,
    priceId: 'p1',
    priceName: 'Vol tarief',
  })),
  deletedSeats: [],
  user: null,
});

/** `count` consecutive days from 2026-10-01. */
const days = (count: number) =>
  Array.from({ length: count }, (_, n) => new Date(Date.UTC(2026, 9, 1 + n)).toISOString().slice(0, 10));

/** `db`, telling each transaction and statement to `seen` (and whether it ran as background work). */
function watched(db: Database, seen: { transactions: number; background: boolean[] }): Database {
  return {
    ...db,
    query: (sql, params) => {
      seen.background.push(isBackgroundWork());
      return db.query(sql, params);
    },
    exec: (sql) => {
      seen.background.push(isBackgroundWork());
      return db.exec(sql);
    },
    transaction: (work) => {
      seen.transactions += 1;
      seen.background.push(isBackgroundWork());
      return db.transaction(work);
    },
  };
}

describeEachDatabase('the reports’ daily rollups', (database) => {
  let service: TestService;
  let db: Database;
  let organisationId: number;

  beforeAll(async () => {
    ({ service, organisationId } = await createTestStore(database, 'rollups-test'));
    db = service.db;
  });
  afterAll(async () => {
    await service?.close();
  });
  beforeEach(async () => {
    for (const table of ['mirror_orders', 'report_dirty_days', 'report_order_days'])
      await db.query(`delete from gateway.${table} where organisation_id = $1`, [organisationId]);
  });

  // Found polling the customer list from a fresh server's start (PGlite, the demo's 50,000 orders): the first
  // rebuild after the first sync held the one connection for 0.76 s in one transaction, and the search waited.
  it('rebuilds a first sync’s days a week to a transaction on PGlite, a year on a server, to the same rollups', async () => {
    const marked = days(20);
    await upsertOrders(
      db,
      organisationId,
      marked.map((day, n) => orderOf(1000 + n, day)),
    );
    const seen = { transactions: 0, background: [] as boolean[] };
    expect(await refreshRollups(watched(db, seen), organisationId)).toBe(20);
    expect(seen.transactions).toBe(database === 'pglite' ? 3 : 1);
    const { rows } = await db.query<{ days: number; orders: number; cents: number; tickets: number }>(
      `select count(distinct order_day)::int as days, sum(orders)::int as orders, sum(amount_cents)::int as cents,
              sum(tickets)::int as tickets
         from gateway.report_order_days where organisation_id = $1`,
      [organisationId],
    );
    expect(rows[0]).toEqual({ days: 20, orders: 20, cents: 20 * 5000, tickets: 40 });
    // Nothing left marked: a second refresh rebuilds nothing.
    expect(await refreshRollups(db, organisationId)).toBe(0);
  });

  it('keeps them in step in the background, so on PGlite people’s statements go first', async () => {
    await upsertOrders(db, organisationId, [orderOf(2000, '2026-11-20')]);
    const seen = { transactions: 0, background: [] as boolean[] };
    await new ReportRollupKeeper(watched(db, seen), pino({ level: 'silent' })).refreshAll();
    expect(seen.transactions).toBe(1);
    expect(seen.background.length).toBeGreaterThan(1);
    expect(seen.background.every(Boolean)).toBe(true);
  });
});
