import type { SeatLayout } from './seat-layout';
import { STATE_FREE, STATE_SELECTED } from './seat-states';

export interface SelectionChange {
  next: Set<string>;
  /** Seats that could not be added because of the maximum. */
  refused: number;
}

/**
 * The selection after a click (toggle one seat), a box or "best N" (add seats). Only free seats can be added; a
 * chosen seat clicked again is released. Held, taken and sold seats are never changed. The maximum is respected by
 * adding seats in the order given until it is reached.
 */
export function changeSelection(
  layout: SeatLayout,
  states: Uint8Array,
  current: ReadonlySet<string>,
  seats: readonly number[],
  mode: 'toggle' | 'add' | 'replace',
  maxSelection?: number,
): SelectionChange {
  const next = mode === 'replace' ? new Set<string>() : new Set(current);
  const max = maxSelection ?? Number.POSITIVE_INFINITY;
  let refused = 0;
  for (const seat of seats) {
    const id = layout.seatIds[seat];
    if (id === undefined) continue;
    const state = states[seat];
    if (mode === 'toggle' && state === STATE_SELECTED) {
      next.delete(id);
      continue;
    }
    if (state !== STATE_FREE && !(mode === 'replace' && state === STATE_SELECTED)) continue;
    if (next.has(id)) continue;
    if (next.size >= max) {
      refused++;
      continue;
    }
    next.add(id);
  }
  return { next, refused };
}
