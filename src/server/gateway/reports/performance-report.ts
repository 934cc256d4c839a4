import {
  type GroupTotals,
  type PaceReport,
  type PerformanceReport,
  type PerformanceSales,
  SOLD_STATUSES,
  type WaitingDemand,
} from '@/contract/reports';
import type { Queryable } from '../../db/database';
import { seatsByPriceName, waitingListByType, waitingListCountsOf } from '../mirror';
import type { CatalogEvent } from './event-catalog';

/**
 * Per performance: seats sold, reserved and offered and their revenue (from the mirror's daily rollups per event),
 * the waiting list's demand (from the mirror's waiting list) and occupancy with blocked seats by type (the
 * service's event detail). pretix calls these the quotas and the order statistics; seats.io its event
 * reports. Callers refresh the rollups first (report-rollups.ts).
 */

const sold = [...SOLD_STATUSES];
const num = (value: unknown) => Number(value ?? 0);

interface SalesRow {
  event_id: string;
  sold: string;
  revenue: string;
  reserved: string;
  offered: string;
}

const NO_DEMAND: WaitingDemand = { waiting: 0, waitingTickets: 0, notified: 0, converted: 0, entries: 0 };

export async function performanceFigures(
  db: Queryable,
  organisationId: number,
  events: readonly CatalogEvent[],
  details: ReadonlyMap<number, CatalogEvent | null>,
): Promise<PerformanceReport[]> {
  const ids = events.map((event) => event.eventId);
  const [sales, waiting] = await Promise.all([
    db.query<SalesRow>(
      `select r.event_id, coalesce(sum(r.seat_tickets) filter (where r.order_status = any($3)), 0) as sold,
              coalesce(sum(r.seat_revenue_cents) filter (where r.order_status = any($3)), 0) as revenue,
              coalesce(sum(r.seat_tickets) filter (where r.order_status = 'res'), 0) as reserved,
              coalesce(sum(r.seat_tickets) filter (where r.order_status = 'pros'), 0) as offered
         from gateway.report_event_days r
        where r.organisation_id = $1 and r.event_id = any($2::bigint[])
        group by r.event_id`,
      [organisationId, ids, sold],
    ),
    waitingListCountsOf(db, organisationId, ids),
  ]);
  const salesOf = new Map(sales.rows.map((row) => [Number(row.event_id), row]));
  const waitingOf = new Map(waiting.map((row) => [Number(row.event_id), row]));
  return events.map((event) => {
    const sale = salesOf.get(event.eventId);
    const wait = waitingOf.get(event.eventId);
    const detail = details.get(event.eventId) ?? null;
    const availability = detail?.availability ?? [];
    const blocks = (detail?.blockAvailability ?? []).filter((block) => block.count > 0);
    const known = availability.length > 0;
    return {
      eventId: event.eventId,
      eventName: event.eventName,
      start: event.start,
      hallId: event.hallId,
      productionId: event.productionId,
      ticketsSold: num(sale?.sold),
      revenueCents: num(sale?.revenue),
      ticketsReserved: num(sale?.reserved),
      ticketsOffered: num(sale?.offered),
      capacity: known ? availability.reduce((sum, rank) => sum + rank.capacity, 0) : null,
      available: known ? availability.reduce((sum, rank) => sum + rank.available, 0) : null,
      blocked: known ? blocks.reduce((sum, block) => sum + block.count, 0) : null,
      blocks,
      waiting: wait
        ? {
            waiting: num(wait.waiting),
            waitingTickets: num(wait.waiting_tickets),
            notified: num(wait.notified),
            converted: num(wait.converted),
            entries: num(wait.entries),
          }
        : NO_DEMAND,
    };
  });
}

/** Seats sold per order day for each event (booking pace; the app adds them up). */
export async function paceOf(db: Queryable, organisationId: number, eventIds: readonly number[]): Promise<PaceReport> {
  const { rows } = await db.query<{ event_id: string; day: string; tickets: string; revenue: string }>(
    `select r.event_id, to_char(r.order_day, 'YYYY-MM-DD') as day, sum(r.seat_tickets) as tickets,
            sum(r.seat_revenue_cents) as revenue
       from gateway.report_event_days r
      where r.organisation_id = $1 and r.event_id = any($2::bigint[]) and r.order_status = any($3)
      group by r.event_id, r.order_day order by r.event_id, r.order_day`,
    [organisationId, eventIds, sold],
  );
  const byEvent = new Map<number, PaceReport['events'][number]>(
    eventIds.map((eventId) => [eventId, { eventId, days: [] }]),
  );
  for (const row of rows) {
    byEvent
      .get(Number(row.event_id))
      ?.days.push({ day: row.day, tickets: num(row.tickets), revenueCents: num(row.revenue) });
  }
  return { events: [...byEvent.values()] };
}

/** One performance's sold seats by price name and by channel, and its waiting list by type. */
export async function performanceSales(
  db: Queryable,
  organisationId: number,
  eventId: number,
): Promise<PerformanceSales> {
  type Grouped = { key: string; orders: number; tickets: string; revenue: string };
  // By price name from the seats themselves (the rollups have event and price name apart), by channel from
  // the event's rollup.
  const byPriceName = seatsByPriceName(db, organisationId, eventId, sold);
  const byChannelOf = db.query<Grouped>(
    `select r.channel as key, sum(r.orders)::int as orders, sum(r.seat_tickets) as tickets,
            sum(r.seat_revenue_cents) as revenue
       from gateway.report_event_days r
      where r.organisation_id = $1 and r.event_id = $2 and r.order_status = any($3)
      group by 1 order by tickets desc, key`,
    [organisationId, eventId, sold],
  );
  const asGroups = (rows: Grouped[]): GroupTotals[] =>
    rows.map((row) => ({
      key: row.key,
      orders: row.orders,
      revenueCents: num(row.revenue),
      feeCents: 0,
      donationCents: 0,
      tickets: num(row.tickets),
    }));
  const [byPrice, byChannel, waiting] = await Promise.all([
    byPriceName,
    byChannelOf,
    waitingListByType(db, organisationId, eventId),
  ]);
  return {
    eventId,
    byPrice: asGroups(byPrice),
    byChannel: asGroups(byChannel.rows),
    waitingByType: waiting.map((row) => ({
      type: row.type,
      entries: num(row.entries),
      tickets: num(row.tickets),
    })),
  };
}
