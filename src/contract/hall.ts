import { z } from 'zod';

/** Hall (spec 2.13). */
export const hallSchema = z
  .object({
    hallId: z.number().int(),
    hallName: z.string(),
    hallAddress: z.string(),
    hallZip: z.string(),
    hallCity: z.string(),
    hallPhone: z.string(),
    hallUrl: z.string(),
  })
  .meta({ id: 'Hall' });
export type Hall = z.infer<typeof hallSchema>;
