import { z } from 'zod/mini';
import { fromParser, lenientArray, lenientInt, lenientNullableString } from '../lenient';
import { partnerEventSchema } from './partner-event';

/**
 * A production (spec 2.9; contract: src/contract/production.ts) with its events. The spec does not name the
 * child-event field: `events` is the reference service's name, and a service that sends none gives an empty list.
 */
export const productionSchema = z.object({
  productionId: lenientInt,
  title: z.string(),
  artist: lenientNullableString,
  events: lenientArray(fromParser(partnerEventSchema)),
});
export type Production = z.infer<typeof productionSchema>;
