import type { SeatPlan, SeatPlanSection } from '../../../contract/seating';
import type { Queryable } from '../db/database';
import { NotFoundError } from '../errors';
import { eventAvailability, takenSeatIds } from './availability';
import { centsToNumber } from './money';
import { ticketTypesOfEvent } from './ticket-types';

/**
 * Seating plans (spec 2.13). A hall's layout (sections, rows, seats) never changes while the service runs,
 * so it is read once per hall and kept; each request only reads the event's live claims. That keeps the
 * 20,000-seat arena well inside its budget.
 */

export const SEATING_EVENT_NOT_FOUND = 'Event not found';

interface LayoutSeat {
  id: number;
  /** `String(id)`, made once: the plan repeats it on every request. */
  seatId: string;
  seatNr: number;
  rankId: number;
}

interface LayoutSection {
  sectionId: number;
  sectionName: string;
  rows: { rowNr: number; seats: LayoutSeat[] }[];
}

interface HallLayout {
  seating: 'reserved' | 'general';
  hallName: string;
  sections: LayoutSection[];
}

/**
 * Layouts per database handle and hall id. Keyed by the handle too, because test runs open many databases
 * in one process and their serial ids overlap.
 */
const layoutCache = new WeakMap<object, Map<number, Promise<HallLayout>>>();

async function readLayout(db: Queryable, hallId: number): Promise<HallLayout> {
  const [hall, sections, seats] = await Promise.all([
    db.query<{ name: string; seating: 'reserved' | 'general' }>('select name, seating from halls where id = $1', [
      hallId,
    ]),
    db.query<{ id: number; name: string }>('select id, name from sections where hall_id = $1 order by position, id', [
      hallId,
    ]),
    db.query<{ id: number; section_id: number; row_nr: number; seat_nr: number; rank_id: number }>(
      `select id, section_id, row_nr, seat_nr, rank_id from seats where hall_id = $1
        order by section_id, row_nr, seat_nr`,
      [hallId],
    ),
  ]);
  const hallRow = hall.rows[0];
  if (!hallRow) throw new NotFoundError(SEATING_EVENT_NOT_FOUND);
  const bySection = new Map<number, LayoutSection>();
  const layoutSections = sections.rows.map((section) => {
    const layoutSection: LayoutSection = { sectionId: section.id, sectionName: section.name, rows: [] };
    bySection.set(section.id, layoutSection);
    return layoutSection;
  });
  for (const seat of seats.rows) {
    const section = bySection.get(seat.section_id);
    if (!section) continue;
    let row = section.rows[section.rows.length - 1];
    if (!row || row.rowNr !== seat.row_nr) {
      row = { rowNr: seat.row_nr, seats: [] };
      section.rows.push(row);
    }
    row.seats.push({ id: seat.id, seatId: String(seat.id), seatNr: seat.seat_nr, rankId: seat.rank_id });
  }
  return { seating: hallRow.seating, hallName: hallRow.name, sections: layoutSections };
}

/** The layout of a hall, from the cache when this database handle has read it before. */
export function hallLayout(db: Queryable, hallId: number): Promise<HallLayout> {
  let perDb = layoutCache.get(db);
  if (!perDb) {
    perDb = new Map();
    layoutCache.set(db, perDb);
  }
  let layout = perDb.get(hallId);
  if (!layout) {
    layout = readLayout(db, hallId);
    perDb.set(hallId, layout);
    // A failed read must not stick.
    layout.catch(() => perDb.delete(hallId));
  }
  return layout;
}

/**
 * `GET /partner/seating/{eventId}`. Price levels are the event's ticket types with their final amounts
 * (all of them, as in the partner event's `prices`). Reserved halls: every seat with `available` = not
 * claimed now. General admission: one section without rows (the hall's first section, or the hall
 * itself when it has none) and the available count.
 */
export async function getSeatPlan(db: Queryable, clientId: number, eventId: number, now: Date): Promise<SeatPlan> {
  const { rows } = await db.query<{ hall_id: number }>('select hall_id from events where client_id = $1 and id = $2', [
    clientId,
    eventId,
  ]);
  const event = rows[0];
  if (!event) throw new NotFoundError(SEATING_EVENT_NOT_FOUND);
  const [layout, ticketTypes] = await Promise.all([
    hallLayout(db, event.hall_id),
    ticketTypesOfEvent(db, eventId, now, { withUsage: false }),
  ]);
  const priceLevels = ticketTypes.map((ticketType) => ({
    priceId: String(ticketType.id),
    rankId: ticketType.rankId,
    name: ticketType.name,
    amount: centsToNumber(ticketType.priceCents),
  }));

  if (layout.seating === 'general') {
    const availability = await eventAvailability(db, eventId, now);
    const first = layout.sections[0];
    const section: SeatPlanSection = first
      ? { sectionId: first.sectionId, sectionName: first.sectionName, rows: [] }
      : { sectionId: 0, sectionName: layout.hallName, rows: [] };
    return {
      eventId,
      hallId: event.hall_id,
      priceLevels,
      sections: [section],
      available: availability?.totalAvailable ?? 0,
    };
  }

  const taken = await takenSeatIds(db, eventId, now);
  let available = 0;
  const sections: SeatPlanSection[] = layout.sections.map((section) => ({
    sectionId: section.sectionId,
    sectionName: section.sectionName,
    rows: section.rows.map((row) => ({
      rowNr: row.rowNr,
      seats: row.seats.map((seat) => {
        const free = !taken.has(seat.id);
        if (free) available++;
        return { seatId: seat.seatId, seatNr: seat.seatNr, rankId: seat.rankId, available: free };
      }),
    })),
  }));
  return { eventId, hallId: event.hall_id, priceLevels, sections, available };
}
