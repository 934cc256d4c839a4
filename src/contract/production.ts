import { z } from 'zod';
import { partnerEventSchema } from './event';

/** Production (spec 2.9) with its events (DESIGN.md decision 5; events without availability). */
export const productionSchema = z
  .object({
    productionId: z.number().int(),
    title: z.string(),
    artist: z.string().nullable(),
    events: z.array(partnerEventSchema),
  })
  .meta({ id: 'Production' });
export type Production = z.infer<typeof productionSchema>;
