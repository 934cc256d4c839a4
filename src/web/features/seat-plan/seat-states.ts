import { SEAT_UNAVAILABLE, type SeatLayout } from './seat-layout';

/** What a seat shows; one drawing batch per state (and per rank for free seats). */
export const STATE_FREE = 0;
export const STATE_UNAVAILABLE = 1;
export const STATE_HELD = 2;
export const STATE_SELECTED = 3;

/**
 * Each seat's state from the plan and what the caller knows on top of it. Taken meanwhile (409) beats everything:
 * the seat cannot be sold, whatever the plan or the selection say. Held (in this cart) comes next — the plan itself
 * reports held seats as unavailable. A selected seat the plan now reports unavailable (sold since it was chosen)
 * shows as unavailable: the selection cannot make a sold seat look free.
 */
export function computeStates(
  layout: SeatLayout,
  selected: ReadonlySet<string>,
  held: ReadonlySet<string> | undefined,
  taken: ReadonlySet<string> | undefined,
  out: Uint8Array = new Uint8Array(layout.count),
): Uint8Array {
  out.set(layout.baseState);
  const mark = (ids: ReadonlySet<string> | undefined, state: number) => {
    if (!ids) return;
    for (const id of ids) {
      const seat = layout.indexById.get(id);
      if (seat !== undefined) out[seat] = state;
    }
  };
  for (const id of selected) {
    const seat = layout.indexById.get(id);
    if (seat !== undefined && out[seat] === STATE_FREE) out[seat] = STATE_SELECTED;
  }
  mark(held, STATE_HELD);
  mark(taken, SEAT_UNAVAILABLE);
  return out;
}
