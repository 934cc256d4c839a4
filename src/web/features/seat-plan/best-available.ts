import { SEAT_AVAILABLE, type SeatLayout } from './seat-layout';

export interface BestAvailableResult {
  seats: number[];
  /** True when all seats sit side by side in one row. */
  together: boolean;
}

/**
 * The best `quantity` free seats of a rank (null: any rank). Side by side in one row first — a gap in the seat
 * numbers (an aisle) breaks "side by side" — choosing the window closest to the stage's centre point; when no row
 * has room, the free seats closest to the stage, one by one. `isFree(seat)` adds what the plan does not know:
 * seats selected, held or taken meanwhile. Returns no seats when there are fewer free seats than asked for.
 */
export function bestAvailable(
  layout: SeatLayout,
  quantity: number,
  rankId: number | null,
  isFree: (seat: number) => boolean = () => true,
): BestAvailableResult {
  if (quantity < 1) return { seats: [], together: true };
  const { stage, x, y, seatNr, rankId: seatRank, baseState } = layout;
  const focusX = stage.x + stage.width / 2;
  const focusY = stage.y + stage.height;
  const usable = (seat: number) =>
    baseState[seat] === SEAT_AVAILABLE && (rankId === null || seatRank[seat] === rankId) && isFree(seat);
  const distance = (px: number, py: number) => Math.hypot(px - focusX, py - focusY);

  let bestStart = -1;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const row of layout.rows) {
    let runStart = -1;
    for (let seat = row.seatStart; seat <= row.seatEnd; seat++) {
      const continues =
        seat < row.seatEnd &&
        usable(seat) &&
        (runStart === -1 || (seatNr[seat] as number) - (seatNr[seat - 1] as number) === 1);
      if (continues) {
        if (runStart === -1) runStart = seat;
        continue;
      }
      if (runStart !== -1) {
        // The run [runStart, seat) is free and adjacent: score every window of `quantity` seats in it.
        for (let start = runStart; start + quantity <= seat; start++) {
          const end = start + quantity - 1;
          const score = distance(((x[start] as number) + (x[end] as number)) / 2, y[start] as number);
          if (score < bestScore) {
            bestScore = score;
            bestStart = start;
          }
        }
      }
      // A seat that broke the run by a jump in numbers may itself start the next run.
      runStart = seat < row.seatEnd && usable(seat) ? seat : -1;
    }
  }
  if (bestStart !== -1) {
    return { seats: Array.from({ length: quantity }, (_, i) => bestStart + i), together: true };
  }

  const candidates: number[] = [];
  for (let seat = 0; seat < layout.count; seat++) if (usable(seat)) candidates.push(seat);
  if (candidates.length < quantity) return { seats: [], together: false };
  const scores = new Float64Array(layout.count);
  for (const seat of candidates) scores[seat] = distance(x[seat] as number, y[seat] as number);
  candidates.sort((a, b) => (scores[a] as number) - (scores[b] as number) || a - b);
  return { seats: candidates.slice(0, quantity).sort((a, b) => a - b), together: false };
}
