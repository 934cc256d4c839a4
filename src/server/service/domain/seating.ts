import type { SeatPlan, SeatPlanSection } from '@/contract/seating';
import type { Queryable } from '../../db/database';
import { NotFoundError } from '../errors';
import { type Prepared, PreparedBody, preparedResponse } from '../prepared-responses';
import { eventAvailability, liveClaims } from './availability';
import { cachedCatalog } from './catalog-cache';
import { changeVersion, eventClaimsKey } from './change-counters';
import { centsToNumber } from './money';
import { ticketTypesOfEvent } from './ticket-types';

/**
 * Seating plans (spec 2.13). A hall's layout (sections, rows, seats) does not change through the
 * interface, so it is read once per hall and catalog version and kept. A reserved-seating plan is then
 * prepared whole (the arena's is 1.2 MB of JSON) and reused until the event's claims change or one of its
 * holds lapses (prepared-responses.ts): a request that finds it current costs one small query.
 */

export const SEATING_EVENT_NOT_FOUND = 'Event not found';

interface LayoutSeat {
  id: number;
  /** The seat's JSON when it can be sold, and when it cannot: made once, joined on every request. */
  freeJson: string;
  takenJson: string;
}

interface LayoutRow {
  rowNr: number;
  seats: LayoutSeat[];
  /** `{"rowNr":…,"seats":[` */
  openJson: string;
  /** The whole row when every seat can be sold / none can: rows are often uniform. */
  allFreeJson: string;
  allTakenJson: string;
}

interface LayoutSection {
  sectionId: number;
  sectionName: string;
  rows: LayoutRow[];
  /** `{"sectionId":…,"sectionName":…,"rows":[` */
  openJson: string;
}

interface HallLayout {
  seating: 'reserved' | 'general';
  hallName: string;
  sections: LayoutSection[];
}

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
    const layoutSection: LayoutSection = {
      sectionId: section.id,
      sectionName: section.name,
      rows: [],
      openJson: `{"sectionId":${section.id},"sectionName":${JSON.stringify(section.name)},"rows":[`,
    };
    bySection.set(section.id, layoutSection);
    return layoutSection;
  });
  for (const seat of seats.rows) {
    const section = bySection.get(seat.section_id);
    if (!section) continue;
    let row = section.rows[section.rows.length - 1];
    if (!row || row.rowNr !== seat.row_nr) {
      row = {
        rowNr: seat.row_nr,
        seats: [],
        openJson: `{"rowNr":${seat.row_nr},"seats":[`,
        allFreeJson: '',
        allTakenJson: '',
      };
      section.rows.push(row);
    }
    const json = `{"seatId":"${seat.id}","seatNr":${seat.seat_nr},"rankId":${seat.rank_id},"available":`;
    row.seats.push({ id: seat.id, freeJson: `${json}true}`, takenJson: `${json}false}` });
  }
  for (const section of layoutSections) {
    for (const row of section.rows) {
      row.allFreeJson = `${row.openJson}${row.seats.map((seat) => seat.freeJson).join(',')}]}`;
      row.allTakenJson = `${row.openJson}${row.seats.map((seat) => seat.takenJson).join(',')}]}`;
    }
  }
  return { seating: hallRow.seating, hallName: hallRow.name, sections: layoutSections };
}

/** The layout of a hall, read once per catalog version (see catalog-cache.ts). */
export function hallLayout(db: Queryable, hallId: number): Promise<HallLayout> {
  return cachedCatalog(db, `hall-layout:${hallId}`, () => readLayout(db, hallId));
}

/**
 * `GET /partner/seating/{eventId}` as the prepared JSON of a SeatPlan (contract/seating.ts), reused while
 * current: built under the event's claim counter and the catalog version, for request clocks from the
 * one it was built with until the first of its holds lapses.
 */
export async function seatPlanBody(
  db: Queryable,
  clientId: number,
  eventId: number,
  now: Date,
): Promise<PreparedBody<SeatPlan>> {
  const version = await changeVersion(db, [eventClaimsKey(eventId)]);
  return preparedResponse(db, `seating:${clientId}:${eventId}`, version, now, () =>
    buildSeatPlan(db, clientId, eventId, now),
  );
}

/**
 * Price levels are the event's ticket types with their final amounts (all of them, as in the partner
 * event's `prices`). Reserved halls: every seat with `available` = not claimed now; the text is joined from
 * fragments the layout prepared, because the arena's 20,000 seats would otherwise be 20,000 objects to build
 * and serialise. General admission: one section without rows (the hall's first section, or the hall itself
 * when it has none) and the available count — counted from carts and orders, which no counter covers, so
 * it is never reused.
 */
async function buildSeatPlan(
  db: Queryable,
  clientId: number,
  eventId: number,
  now: Date,
): Promise<Prepared<PreparedBody<SeatPlan>>> {
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
  const head = `{"eventId":${eventId},"hallId":${event.hall_id},"priceLevels":${JSON.stringify(priceLevels)},"sections":`;
  const prepared = (json: string, validUntilMs: number | undefined): Prepared<PreparedBody<SeatPlan>> => {
    const body = new PreparedBody<SeatPlan>(json);
    return {
      value: body,
      // Room for its gzip, and the gateway's form of it, too (made when first asked for).
      bytes: body.text.length * 3,
      validFromMs: now.getTime(),
      ...(validUntilMs === undefined ? {} : { validUntilMs }),
    };
  };

  if (layout.seating === 'general') {
    const availability = await eventAvailability(db, eventId, now);
    const first = layout.sections[0];
    const section: SeatPlanSection = first
      ? { sectionId: first.sectionId, sectionName: first.sectionName, rows: [] }
      : { sectionId: 0, sectionName: layout.hallName, rows: [] };
    return prepared(
      `${head}${JSON.stringify([section])},"available":${availability?.totalAvailable ?? 0}}`,
      now.getTime(),
    );
  }

  const { taken, nextLapse } = await liveClaims(db, eventId, now);
  let available = 0;
  const parts: string[] = [head, '['];
  layout.sections.forEach((section, sectionIndex) => {
    if (sectionIndex > 0) parts.push(',');
    parts.push(section.openJson);
    section.rows.forEach((row, rowIndex) => {
      if (rowIndex > 0) parts.push(',');
      let free = 0;
      for (const seat of row.seats) if (!taken.has(seat.id)) free++;
      available += free;
      if (free === row.seats.length) {
        parts.push(row.allFreeJson);
      } else if (free === 0) {
        parts.push(row.allTakenJson);
      } else {
        parts.push(row.openJson);
        row.seats.forEach((seat, seatIndex) => {
          if (seatIndex > 0) parts.push(',');
          parts.push(taken.has(seat.id) ? seat.takenJson : seat.freeJson);
        });
        parts.push(']}');
      }
    });
    parts.push(']}');
  });
  parts.push(`],"available":${available}}`);
  return prepared(parts.join(''), nextLapse?.getTime());
}
