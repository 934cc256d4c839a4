import type { LayoutRow, SeatLayout } from './seat-layout';

export type Direction = 'left' | 'right' | 'up' | 'down';

/** The seat of a row nearest to x (rows are ordered left to right). */
function nearestInRow(layout: SeatLayout, row: LayoutRow, px: number): number {
  let best = row.seatStart;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let seat = row.seatStart; seat < row.seatEnd; seat++) {
    const distance = Math.abs((layout.x[seat] as number) - px);
    if (distance < bestDistance) {
      bestDistance = distance;
      best = seat;
    }
  }
  return best;
}

/** How far a point is from a row's horizontal extent (0 inside it). */
function outside(row: LayoutRow, px: number): number {
  return px < row.minX ? row.minX - px : px > row.maxX ? px - row.maxX : 0;
}

/**
 * The seat an arrow key moves to from `seat`, or `seat` itself at the edge of the plan. Left and right walk the
 * row and then continue in the nearest row to that side (the next section); up and down go to the nearest row
 * above or below — in the same section first, then across sections — landing on the seat nearest horizontally.
 */
export function moveFocus(layout: SeatLayout, seat: number, direction: Direction): number {
  if (layout.count === 0) return -1;
  if (seat < 0 || seat >= layout.count) return 0;
  const row = layout.rows[layout.rowIndex[seat] as number] as LayoutRow;
  const px = layout.x[seat] as number;
  const py = layout.y[seat] as number;

  if (direction === 'left' || direction === 'right') {
    const step = direction === 'left' ? -1 : 1;
    const next = seat + step;
    if (next >= row.seatStart && next < row.seatEnd) return next;
    // Past the end of the row: the nearest row whose nearest end lies on that side, at about the same height.
    let best = seat;
    let bestCost = Number.POSITIVE_INFINITY;
    for (const candidate of layout.rows) {
      if (candidate === row) continue;
      const edge = direction === 'left' ? candidate.maxX : candidate.minX;
      const dx = (edge - px) * step;
      if (dx <= 0) continue;
      const cost = dx + Math.abs(candidate.y - py) * 3;
      if (cost < bestCost) {
        bestCost = cost;
        best = direction === 'left' ? candidate.seatEnd - 1 : candidate.seatStart;
      }
    }
    return best;
  }

  const step = direction === 'up' ? -1 : 1;
  let bestRow: LayoutRow | null = null;
  let bestCost = Number.POSITIVE_INFINITY;
  for (const candidate of layout.rows) {
    const dy = (candidate.y - py) * step;
    if (dy <= 0) continue;
    // Staying in the section, and staying in line, weigh more than a little extra height.
    const cost = dy + outside(candidate, px) * 4 + (candidate.sectionIndex === row.sectionIndex ? 0 : 2);
    if (cost < bestCost) {
      bestCost = cost;
      bestRow = candidate;
    }
  }
  return bestRow ? nearestInRow(layout, bestRow, px) : seat;
}

/** First or last seat of the seat's row (Home / End). */
export function rowEdge(layout: SeatLayout, seat: number, edge: 'start' | 'end'): number {
  const row = layout.rows[layout.rowIndex[seat] as number] as LayoutRow;
  return edge === 'start' ? row.seatStart : row.seatEnd - 1;
}
