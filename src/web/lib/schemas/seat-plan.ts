import { z } from 'zod/mini';
import { lenientArray, lenientDecimal, lenientFlag, lenientInt, lenientString } from '../lenient';

/**
 * The app's reading of a SeatPlan (spec 2.13; contract: src/contract/seating.ts). Lenient where a real service
 * may differ: ids and amounts as strings, a seat id sent as a number, `available` as "1"/0, a general-admission
 * section with `rows: null`. A seat without an id still fails the parse: it could not be sold.
 */
export const priceLevelSchema = z.object({
  priceId: lenientString,
  rankId: lenientInt,
  name: z.catch(z.string(), ''),
  amount: lenientDecimal,
});
export type PriceLevel = z.infer<typeof priceLevelSchema>;

export const seatPlanSeatSchema = z.object({
  seatId: z.pipe(
    z.transform((value: unknown) => (typeof value === 'number' ? String(value) : value)),
    z.string().check(z.minLength(1)),
  ),
  seatNr: lenientInt,
  rankId: lenientInt,
  available: lenientFlag,
});

export const seatPlanRowSchema = z.object({
  rowNr: lenientInt,
  seats: lenientArray(seatPlanSeatSchema),
});

export const seatPlanSectionSchema = z.object({
  sectionId: lenientInt,
  sectionName: z.catch(z.string(), ''),
  /** Empty for general admission. */
  rows: lenientArray(seatPlanRowSchema),
});
export type SeatPlanSection = z.infer<typeof seatPlanSectionSchema>;

export const seatPlanSchema = z.object({
  eventId: lenientInt,
  hallId: lenientInt,
  priceLevels: lenientArray(priceLevelSchema),
  sections: lenientArray(seatPlanSectionSchema),
  /** Total available seats (for general admission the only availability there is). */
  available: z.catch(lenientInt, 0),
});
export type SeatPlan = z.infer<typeof seatPlanSchema>;

/** A section without rows of seats is general admission: sold by quantity. */
export function isGeneralAdmission(section: SeatPlanSection): boolean {
  return section.rows.every((row) => row.seats.length === 0);
}
