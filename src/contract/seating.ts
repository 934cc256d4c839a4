import { z } from 'zod';

/** A price level of a seating plan: one ticket type, final amount. */
export const priceLevelSchema = z
  .object({
    priceId: z.string(),
    rankId: z.number().int(),
    name: z.string(),
    amount: z.number(),
  })
  .meta({ id: 'PriceLevel' });

export const seatPlanSeatSchema = z
  .object({
    seatId: z.string(),
    seatNr: z.number().int(),
    rankId: z.number().int(),
    available: z.boolean().meta({ description: 'Can currently be sold' }),
  })
  .meta({ id: 'SeatPlanSeat' });

export const seatPlanRowSchema = z
  .object({ rowNr: z.number().int(), seats: z.array(seatPlanSeatSchema) })
  .meta({ id: 'SeatPlanRow' });

export const seatPlanSectionSchema = z
  .object({
    sectionId: z.number().int(),
    sectionName: z.string(),
    rows: z.array(seatPlanRowSchema).meta({ description: 'Empty for general admission' }),
  })
  .meta({ id: 'SeatPlanSection' });

/** SeatPlan (spec 2.13). General admission: one section without rows, plus the available count. */
export const seatPlanSchema = z
  .object({
    eventId: z.number().int(),
    hallId: z.number().int(),
    priceLevels: z.array(priceLevelSchema),
    sections: z.array(seatPlanSectionSchema),
    available: z.number().int().meta({ description: 'Total available seats' }),
  })
  .meta({ id: 'SeatPlan' });
export type SeatPlan = z.infer<typeof seatPlanSchema>;
export type SeatPlanSection = z.infer<typeof seatPlanSectionSchema>;
