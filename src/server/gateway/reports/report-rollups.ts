import type { Logger } from 'pino';
import { type Database, inBackground } from '../../db/database';

/**
 * Keeps the daily rollups of the mirror (migration 007: report_order_days, report_event_days,
 * report_price_days) in step with it. The mirror's triggers mark the days a write touched; before a report
 * reads the rollups, the marked days of its organisation are rebuilt from the mirror, a few days to a
 * transaction under the organisation's advisory lock, so two requests (or two instances) never build the same
 * days at once and a report never sees half a day. Usually that is today and a few days before it: a few hundred
 * orders. The first report after a full sync builds every day once.
 */

/** Order facts of the days being built: the orders with their own seat count. */
const ORDERS_OF_DAYS = `orders_of_days as (
    select o.order_id, o.order_day, o.order_status, o.payment_status, o.channel, o.payment_method, o.amount_cents,
           o.fee_cents, o.donation_cents
      from gateway.mirror_orders o
     where o.organisation_id = $1 and o.order_day = any($2::date[])),
  seats_of_days as (
    select s.order_id, s.event_id, s.price_name, s.amount_cents
      from gateway.mirror_order_seats s
     where s.organisation_id = $1 and not s.deleted and s.order_id in (select order_id from orders_of_days)),
  tickets_of_orders as (select order_id, count(*) as tickets from seats_of_days group by order_id)`;

const DIMENSIONS = 'o.order_day, o.order_status, o.payment_status, o.channel, o.payment_method';

/** One rollup per key (event or price name): each order once per key it has seats of. */
const keyRollup = (table: string, key: 'event_id' | 'price_name') => `
  with ${ORDERS_OF_DAYS},
  per_key as (
    select order_id, ${key}, count(*) as seat_tickets, sum(amount_cents) as seat_revenue_cents
      from seats_of_days group by order_id, ${key})
  insert into gateway.${table} (organisation_id, order_day, order_status, payment_status, channel, payment_method,
    ${key}, orders, amount_cents, fee_cents, donation_cents, tickets, seat_tickets, seat_revenue_cents)
  select $1, ${DIMENSIONS}, k.${key}, count(*), sum(o.amount_cents), sum(o.fee_cents), sum(o.donation_cents),
         sum(t.tickets), sum(k.seat_tickets), sum(k.seat_revenue_cents)
    from per_key k join orders_of_days o using (order_id) join tickets_of_orders t using (order_id)
   group by ${DIMENSIONS}, k.${key}`;

const ORDER_ROLLUP = `
  with ${ORDERS_OF_DAYS}
  insert into gateway.report_order_days (organisation_id, order_day, order_status, payment_status, channel,
    payment_method, orders, amount_cents, fee_cents, donation_cents, tickets)
  select $1, ${DIMENSIONS}, count(*), sum(o.amount_cents), sum(o.fee_cents), sum(o.donation_cents),
         coalesce(sum(t.tickets), 0)
    from orders_of_days o left join tickets_of_orders t using (order_id)
   group by ${DIMENSIONS}`;

const ROLLUP_TABLES = ['report_order_days', 'report_event_days', 'report_price_days'] as const;

/**
 * After this many days rebuilt the tables' statistics are read again: the embedded database never analyses
 * by itself, and a plan made for an empty table sorts 30,000 rows where it should hash them.
 */
const ANALYSE_AFTER_DAYS = 20;

/**
 * Days rebuilt in one transaction. On the embedded database, whose one connection runs one statement at a time,
 * the demo's days after a first sync held it for 0.76 s in one transaction, and a customer search at that moment
 * waited for all of it (found polling the customer list from a fresh server's start: 0.9 s answers 20 s in); a
 * month of the demo's days took 0.17 s, a week a few dozen milliseconds. On a server, where people have
 * connections of their own, fewer commits.
 */
const DAYS_PER_REBUILD = { pglite: 7, postgres: 366 } as const;

/** Rebuilds the organisation's marked days; resolves with how many it rebuilt (0: all were in step). */
export async function refreshRollups(db: Database, organisationId: number): Promise<number> {
  // The days marked now: marks that come in meanwhile (a busy desk marks today again) wait for the next refresh,
  // so a report's refresh ends.
  const { rows } = await db.query<{ order_day: string }>(
    `select distinct to_char(order_day, 'YYYY-MM-DD') as order_day from gateway.report_dirty_days
      where organisation_id = $1 order by order_day`,
    [organisationId],
  );
  const marked = rows.map((row) => row.order_day);
  const perRebuild = DAYS_PER_REBUILD[db.kind];
  let rebuilt = 0;
  for (let from = 0; from < marked.length; from += perRebuild) {
    rebuilt += await rebuildDays(db, organisationId, marked.slice(from, from + perRebuild));
  }
  if (rebuilt >= ANALYSE_AFTER_DAYS) await db.exec(`analyze ${ROLLUP_TABLES.map((t) => `gateway.${t}`).join(', ')}`);
  return rebuilt;
}

/** Rebuilds those of `days` that are still marked, in one transaction; resolves with how many. */
function rebuildDays(db: Database, organisationId: number, days: readonly string[]): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [`foyer-report-rollups:${organisationId}`]);
    // Under the lock: another request may have built them meanwhile (then there is nothing left here). A day
    // is marked once per write (migration 013): its marks are taken together.
    const taken = await tx.query<{ order_day: string }>(
      `delete from gateway.report_dirty_days where organisation_id = $1 and order_day = any($2::date[])
       returning to_char(order_day, 'YYYY-MM-DD') as order_day`,
      [organisationId, days],
    );
    const still = [...new Set(taken.rows.map((row) => row.order_day))];
    if (still.length === 0) return 0;
    for (const table of ROLLUP_TABLES) {
      await tx.query(`delete from gateway.${table} where organisation_id = $1 and order_day = any($2::date[])`, [
        organisationId,
        still,
      ]);
    }
    await tx.query(ORDER_ROLLUP, [organisationId, still]);
    await tx.query(keyRollup('report_event_days', 'event_id'), [organisationId, still]);
    await tx.query(keyRollup('report_price_days', 'price_name'), [organisationId, still]);
    return still.length;
  });
}

/**
 * Rebuilds the marked days of every organisation every few seconds, so a report seldom has any left to
 * build: after a first full sync (a year of days, seconds on the embedded database) the first manager to
 * open the analysis does not wait for it. Every instance runs one; the advisory lock makes them take turns.
 */
export class ReportRollupKeeper {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;

  constructor(
    private readonly db: Database,
    private readonly log: Logger,
    private readonly intervalMs = 10_000,
  ) {}

  start(): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => void this.refreshAll(), this.intervalMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running;
  }

  /** One pass over the organisations with marked days; a pass still running is not started again. */
  refreshAll(): Promise<void> {
    // Background work: on the embedded database its statements wait for people's (database.ts).
    this.#running ??= inBackground(async () => {
      try {
        const { rows } = await this.db.query<{ organisation_id: string }>(
          'select distinct organisation_id from gateway.report_dirty_days',
        );
        for (const row of rows) await refreshRollups(this.db, Number(row.organisation_id));
      } catch (error) {
        this.log.error({ reason: error instanceof Error ? error.message : String(error) }, 'report rollups failed');
      } finally {
        this.#running = null;
      }
    });
    return this.#running;
  }
}
