import type { EventModel } from './catalog';
import type { SeedContext } from './context';
import type { SeatRowModel } from './halls';
import type { SeatRow } from './tables';

/** The block types of spec 2.8, in its order. */
export const BLOCK_TYPES = [
  'blockCapaciteit',
  'perfBespeler',
  'ext',
  'group',
  'press',
  'wheel',
  'tech',
  'theat',
  'sight',
] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

export interface Blocks {
  /** Reserved events: the blocked seat ids. */
  seats: Map<number, Set<number>>;
  /** General-admission events: places held back in total. */
  places: Map<number, number>;
}

type Where = 'front-centre' | 'middle-centre' | 'rear-ends' | 'ends' | 'rear' | 'any';

/** Where a venue puts each kind of block: wheelchair places at row ends, press in front, and so on. */
const PLACEMENT: Record<BlockType, Where> = {
  blockCapaciteit: 'rear',
  perfBespeler: 'front-centre',
  ext: 'any',
  group: 'any',
  press: 'front-centre',
  wheel: 'rear-ends',
  tech: 'middle-centre',
  theat: 'front-centre',
  sight: 'ends',
};

function blockSize(ctx: SeedContext, type: BlockType, hallSeats: number): number {
  const { rng } = ctx;
  const large = hallSeats > 5000;
  if (type === 'blockCapaciteit') return large ? rng.int(120, 360) : rng.int(16, 48);
  if (type === 'ext' || type === 'group') return large ? rng.int(20, 80) : rng.int(4, 16);
  return large ? rng.int(6, 24) : rng.int(2, 8);
}

/** Seats of a run starting in `rows[rowIndex]` at `seatIndex`, skipping taken seats, spilling over rows. */
function takeRun(
  rows: SeatRowModel[],
  rowIndex: number,
  seatIndex: number,
  count: number,
  taken: Set<number>,
  backwards: boolean,
): SeatRow[] {
  const run: SeatRow[] = [];
  for (let r = rowIndex; run.length < count && r >= 0 && r < rows.length; r += backwards ? -1 : 1) {
    const seats = rows[r]?.seats ?? [];
    for (let s = r === rowIndex ? seatIndex : 0; s < seats.length && run.length < count; s += 1) {
      const seat = seats[s];
      if (seat && !taken.has(seat.id)) run.push(seat);
    }
  }
  return run;
}

function placeBlock(ctx: SeedContext, rows: SeatRowModel[], type: BlockType, count: number, taken: Set<number>) {
  const { rng } = ctx;
  const firstSection = rows[0]?.sectionId;
  const front = rows.filter((row) => row.sectionId === firstSection);
  let rowIndex: number;
  let seatIndex = 0;
  const where = PLACEMENT[type];
  switch (where) {
    case 'front-centre':
      rowIndex = rng.int(0, Math.min(4, front.length - 1));
      break;
    case 'middle-centre':
      rowIndex = Math.max(0, Math.floor(front.length / 2) + rng.int(-1, 1));
      break;
    case 'rear-ends':
      rowIndex = Math.max(0, front.length - 1 - rng.int(0, 1));
      break;
    case 'rear':
      return takeRun(rows, rows.length - 1, 0, count, taken, true);
    default:
      rowIndex = rng.int(0, rows.length - 1);
  }
  const row = rows[rowIndex];
  const length = row?.seats.length ?? 0;
  if (where === 'front-centre' || where === 'middle-centre') seatIndex = Math.max(0, Math.floor((length - count) / 2));
  if (where === 'ends' || where === 'rear-ends') seatIndex = rng.chance(0.5) ? 0 : Math.max(0, length - count);
  return takeRun(rows, rowIndex, seatIndex, count, taken, false);
}

/**
 * Offline blocks: seat claims of every block type on reserved-seating performances, and event_blocks
 * counts on general-admission ones. The first performance of each hall gets every type.
 */
export function buildBlocks(ctx: SeedContext, events: EventModel[]): Blocks {
  const { rng, tables } = ctx;
  const blocks: Blocks = { seats: new Map(), places: new Map() };
  const hallsSeen = new Set<number>();
  for (const model of events) {
    if (model.kind !== 'performance') continue;
    const hallId = model.hall.hall.id;
    const everyType = !hallsSeen.has(hallId);
    hallsSeen.add(hallId);
    const eventId = model.event.id;
    if (model.hall.hall.seating === 'reserved') {
      const taken = new Set<number>();
      for (const type of BLOCK_TYPES) {
        if (!everyType && !rng.chance(0.55)) continue;
        const seats = placeBlock(ctx, model.hall.rows, type, blockSize(ctx, type, model.hall.seatCount), taken);
        for (const seat of seats) {
          taken.add(seat.id);
          tables.seat_claims.push({
            event_id: eventId,
            seat_id: seat.id,
            state: 'block',
            order_id: null,
            block_type: type,
          });
        }
      }
      blocks.seats.set(eventId, taken);
    } else {
      let total = 0;
      const capacity = model.hall.hall.capacity;
      for (const type of BLOCK_TYPES) {
        if (!everyType && !rng.chance(0.45)) continue;
        const count = Math.min(
          type === 'blockCapaciteit' ? rng.int(25, Math.max(25, Math.floor(capacity / 10))) : rng.int(2, 24),
          Math.floor(capacity / 3) - total,
        );
        if (count <= 0) continue;
        total += count;
        tables.event_blocks.push({ event_id: eventId, block_type: type, count });
      }
      blocks.places.set(eventId, total);
    }
  }
  return blocks;
}
