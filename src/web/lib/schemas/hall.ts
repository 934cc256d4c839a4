import { z } from 'zod/mini';
import { lenientInt, lenientString } from '../lenient';

/** A hall (spec 2.13; contract: src/contract/hall.ts), read leniently. */
export const hallSchema = z.object({
  hallId: lenientInt,
  hallName: z.string(),
  hallAddress: lenientString,
  hallZip: lenientString,
  hallCity: lenientString,
  hallPhone: lenientString,
  hallUrl: lenientString,
});
export type Hall = z.infer<typeof hallSchema>;
export const hallListSchema = z.array(hallSchema);
