import type { SeatPlan } from '../../lib/schemas/seat-plan';

/**
 * The plan has no coordinates (spec 2.13), so the viewer invents a layout: the stage on top, each section a
 * block of rows (row 1 nearest the stage), seats one pitch apart, with a gap where the seat numbers jump
 * (venues number across an aisle as if the missing seats were there). Sections are packed in shelves, left
 * to right, in the order the service sent them. Everything lands in typed arrays so that 100,000 seats cost
 * a few megabytes and no objects per seat beyond the id strings the API needs back.
 *
 * Units are "seat pitches": a seat is centred on integer-ish coordinates, 1 apart.
 */

/** Base availability of a seat as the plan says it. */
export const SEAT_AVAILABLE = 0;
export const SEAT_UNAVAILABLE = 1;

/** Largest gap drawn for a jump in seat numbers (a jump from 20 to 101 is an aisle, not 80 missing seats). */
export const MAX_SEAT_GAP = 3;
/** Largest gap drawn for a jump in row numbers. */
export const MAX_ROW_GAP = 2;
/** Space between section blocks, and reserved above a block for its name. */
export const SECTION_GAP = 4;
export const SECTION_LABEL_HEIGHT = 2.5;
export const STAGE_HEIGHT = 4;

export interface LayoutSection {
  index: number;
  sectionId: number;
  name: string;
  generalAdmission: boolean;
  /** Block rectangle (without the label band above it). */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Rows [rowStart, rowEnd) in SeatLayout.rows. */
  rowStart: number;
  rowEnd: number;
}

export interface LayoutRow {
  index: number;
  sectionIndex: number;
  rowNr: number;
  y: number;
  /** Seats [seatStart, seatEnd) in the seat arrays, ordered left to right. */
  seatStart: number;
  seatEnd: number;
  minX: number;
  maxX: number;
}

export interface SeatLayout {
  count: number;
  x: Float32Array;
  y: Float32Array;
  seatNr: Int32Array;
  rankId: Int32Array;
  /** Index into `ranks`: small numbers for per-colour batching. */
  rankIndex: Uint8Array;
  rowIndex: Uint32Array;
  sectionIndex: Uint16Array;
  /** SEAT_AVAILABLE or SEAT_UNAVAILABLE, from the plan. */
  baseState: Uint8Array;
  seatIds: string[];
  indexById: Map<string, number>;
  rows: LayoutRow[];
  sections: LayoutSection[];
  /** Distinct rank ids in order of first appearance in priceLevels, then on seats. */
  ranks: number[];
  stage: { x: number; y: number; width: number; height: number };
  bounds: { minX: number; minY: number; maxX: number; maxY: number };
}

interface SectionDraft {
  sectionId: number;
  name: string;
  generalAdmission: boolean;
  width: number;
  height: number;
  /** Per row: y offset in the block and seat x offsets (before centring). */
  rows: {
    rowNr: number;
    y: number;
    xs: number[];
    width: number;
    seats: SeatPlan['sections'][number]['rows'][number]['seats'];
  }[];
}

function draftSection(section: SeatPlan['sections'][number]): SectionDraft {
  const sortedRows = [...section.rows].filter((row) => row.seats.length > 0).sort((a, b) => a.rowNr - b.rowNr);
  const rows: SectionDraft['rows'] = [];
  let y = 0.5;
  let previousRowNr: number | null = null;
  let width = 0;
  for (const row of sortedRows) {
    if (previousRowNr !== null) y += Math.min(Math.max(row.rowNr - previousRowNr, 1), MAX_ROW_GAP + 1);
    previousRowNr = row.rowNr;
    const seats = [...row.seats].sort((a, b) => a.seatNr - b.seatNr);
    const xs: number[] = [];
    let x = 0.5;
    let previousSeatNr: number | null = null;
    for (const seat of seats) {
      if (previousSeatNr !== null) x += Math.min(Math.max(seat.seatNr - previousSeatNr, 1), MAX_SEAT_GAP + 1);
      previousSeatNr = seat.seatNr;
      xs.push(x);
    }
    const rowWidth = x + 0.5;
    width = Math.max(width, rowWidth);
    rows.push({ rowNr: row.rowNr, y, xs, width: rowWidth, seats });
  }
  const generalAdmission = rows.length === 0;
  return {
    sectionId: section.sectionId,
    name: section.sectionName,
    generalAdmission,
    // A general-admission section is drawn as a plain block of a fixed size: it has no seats to place.
    width: generalAdmission ? 24 : width,
    height: generalAdmission ? 8 : y + 0.5,
    rows,
  };
}

export function layoutSeatPlan(plan: Pick<SeatPlan, 'sections' | 'priceLevels'>): SeatLayout {
  const drafts = plan.sections.map(draftSection);
  let count = 0;
  for (const draft of drafts) for (const row of draft.rows) count += row.seats.length;

  // Shelf width: the widest section, or about a square's worth of area, whichever is larger.
  let area = 0;
  let widest = 0;
  for (const draft of drafts) {
    area += (draft.width + SECTION_GAP) * (draft.height + SECTION_GAP + SECTION_LABEL_HEIGHT);
    widest = Math.max(widest, draft.width);
  }
  const shelfWidth = Math.max(widest, Math.sqrt(area) * 1.3);

  const x = new Float32Array(count);
  const y = new Float32Array(count);
  const seatNr = new Int32Array(count);
  const rankId = new Int32Array(count);
  const rankIndex = new Uint8Array(count);
  const rowIndex = new Uint32Array(count);
  const sectionIndex = new Uint16Array(count);
  const baseState = new Uint8Array(count);
  const seatIds: string[] = new Array(count);
  const indexById = new Map<string, number>();
  const rows: LayoutRow[] = [];
  const sections: LayoutSection[] = [];
  const ranks: number[] = [];
  const rankPosition = new Map<number, number>();
  const rankOf = (id: number): number => {
    let position = rankPosition.get(id);
    if (position === undefined) {
      position = ranks.length;
      ranks.push(id);
      rankPosition.set(id, position);
    }
    // More than 255 ranks cannot be told apart by colour anyway; they share the last colour slot.
    return Math.min(position, 255);
  };
  for (const level of plan.priceLevels) rankOf(level.rankId);

  const top = STAGE_HEIGHT + SECTION_GAP;
  let cursorX = 0;
  let cursorY = top + SECTION_LABEL_HEIGHT;
  let shelfHeight = 0;
  let maxX = 0;
  let seat = 0;
  for (const [sIndex, draft] of drafts.entries()) {
    if (cursorX > 0 && cursorX + draft.width > shelfWidth) {
      cursorX = 0;
      cursorY += shelfHeight + SECTION_GAP + SECTION_LABEL_HEIGHT;
      shelfHeight = 0;
    }
    const section: LayoutSection = {
      index: sIndex,
      sectionId: draft.sectionId,
      name: draft.name,
      generalAdmission: draft.generalAdmission,
      x: cursorX,
      y: cursorY,
      width: draft.width,
      height: draft.height,
      rowStart: rows.length,
      rowEnd: rows.length,
    };
    for (const draftRow of draft.rows) {
      // Rows are centred in their block, as most auditoriums are symmetric around the stage axis.
      const offset = cursorX + (draft.width - draftRow.width) / 2;
      const row: LayoutRow = {
        index: rows.length,
        sectionIndex: sIndex,
        rowNr: draftRow.rowNr,
        y: cursorY + draftRow.y,
        seatStart: seat,
        seatEnd: seat + draftRow.seats.length,
        minX: offset + (draftRow.xs[0] ?? 0),
        maxX: offset + (draftRow.xs[draftRow.xs.length - 1] ?? 0),
      };
      for (const [i, planSeat] of draftRow.seats.entries()) {
        x[seat] = offset + (draftRow.xs[i] ?? 0);
        y[seat] = row.y;
        seatNr[seat] = planSeat.seatNr;
        rankId[seat] = planSeat.rankId;
        rankIndex[seat] = rankOf(planSeat.rankId);
        rowIndex[seat] = row.index;
        sectionIndex[seat] = sIndex;
        baseState[seat] = planSeat.available ? SEAT_AVAILABLE : SEAT_UNAVAILABLE;
        seatIds[seat] = planSeat.seatId;
        indexById.set(planSeat.seatId, seat);
        seat += 1;
      }
      rows.push(row);
    }
    section.rowEnd = rows.length;
    sections.push(section);
    cursorX += draft.width + SECTION_GAP;
    maxX = Math.max(maxX, cursorX - SECTION_GAP);
    shelfHeight = Math.max(shelfHeight, draft.height);
  }
  const width = Math.max(maxX, 1);
  // The stage spans the middle of the plan: at least 20 pitches (or the whole plan when narrower), 40% of wide ones.
  const stageWidth = Math.min(width, Math.max(20, width * 0.4));
  return {
    count,
    x,
    y,
    seatNr,
    rankId,
    rankIndex,
    rowIndex,
    sectionIndex,
    baseState,
    seatIds,
    indexById,
    rows,
    sections,
    ranks,
    stage: { x: (width - stageWidth) / 2, y: 0, width: stageWidth, height: STAGE_HEIGHT },
    bounds: { minX: 0, minY: 0, maxX: width, maxY: cursorY + shelfHeight },
  };
}

/** Same seats in the same places: a refreshed plan of the same hall, whatever its availability now. */
export function sameSeatGeometry(a: SeatLayout, b: SeatLayout): boolean {
  if (a.count !== b.count || a.sections.length !== b.sections.length || a.rows.length !== b.rows.length) return false;
  if (a.bounds.maxX !== b.bounds.maxX || a.bounds.maxY !== b.bounds.maxY) return false;
  for (let seat = 0; seat < a.count; seat++) if (a.seatIds[seat] !== b.seatIds[seat]) return false;
  return true;
}
