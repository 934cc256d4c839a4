import type { SeatPlan } from '../lib/schemas/seat-plan';

type PlanRow = SeatPlan['sections'][number]['rows'][number];

/** A row of seats numbered `numbers`, ids `${prefix}-${nr}`; `taken` seat numbers are unavailable. */
export function planRow(
  rowNr: number,
  numbers: number[],
  options: { rankId?: number; taken?: number[]; prefix?: string } = {},
): PlanRow {
  const prefix = options.prefix ?? `r${rowNr}`;
  return {
    rowNr,
    seats: numbers.map((seatNr) => ({
      seatId: `${prefix}-${seatNr}`,
      seatNr,
      rankId: options.rankId ?? 1,
      available: !(options.taken ?? []).includes(seatNr),
    })),
  };
}

export const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * A synthetic reserved plan of about `seatCount` seats: `sections` blocks of rows of 40 seats with an aisle in
 * the middle, three ranks, one seat in seven sold. Used by the bench (100,000 seats) and by tests.
 */
export function syntheticPlan(seatCount: number, sections = 12): SeatPlan {
  const perSection = Math.ceil(seatCount / sections);
  const seatsPerRow = 40;
  let id = 1;
  let left = seatCount;
  const planSections: SeatPlan['sections'] = [];
  for (let s = 0; s < sections && left > 0; s++) {
    const rows: PlanRow[] = [];
    let inSection = Math.min(perSection, left);
    for (let rowNr = 1; inSection > 0; rowNr++) {
      const count = Math.min(seatsPerRow, inSection);
      const seats = [];
      for (let i = 0; i < count; i++) {
        const seatNr = i < seatsPerRow / 2 ? i + 1 : i + 3;
        seats.push({
          seatId: String(id),
          seatNr,
          rankId: rowNr <= 10 ? 1 : rowNr <= 25 ? 2 : 3,
          available: id % 7 !== 0,
        });
        id++;
      }
      rows.push({ rowNr, seats });
      inSection -= count;
      left -= count;
    }
    planSections.push({ sectionId: s + 1, sectionName: `Vak ${s + 1}`, rows });
  }
  return {
    eventId: 1,
    hallId: 1,
    priceLevels: [
      { priceId: '1', rankId: 1, name: 'Normaal', amount: 65 },
      { priceId: '2', rankId: 2, name: 'Normaal', amount: 45 },
      { priceId: '3', rankId: 3, name: 'Normaal', amount: 25 },
    ],
    sections: planSections,
    available: seatCount - Math.floor(seatCount / 7),
  };
}
