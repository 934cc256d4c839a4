import { z } from 'zod/mini';
import { lenientArray, lenientDecimal, lenientInt, lenientNullableString, lenientTags } from '../lenient';

/**
 * The app's reading of a Partner Event (spec 2.8; contract: src/contract/event.ts). Lenient where a real
 * service may differ: ids and amounts as strings, tags as string or array, a price in either of its two
 * forms (`{ rankId, amount }` or `{ priceId, priceName, rankName, amount }`).
 */
export const eventPriceSchema = z.object({
  priceId: lenientNullableString,
  priceName: lenientNullableString,
  rankId: z.catch(z.nullable(lenientInt), null),
  rankName: lenientNullableString,
  amount: lenientDecimal,
});
export type EventPrice = z.infer<typeof eventPriceSchema>;

export const rankAvailabilitySchema = z.object({
  rankId: lenientInt,
  rankName: z.catch(z.string(), ''),
  capacity: lenientInt,
  available: lenientInt,
});
export type RankAvailability = z.infer<typeof rankAvailabilitySchema>;

export const blockAvailabilitySchema = z.object({
  blockType: z.string(),
  blockName: z.catch(z.string(), ''),
  count: z.catch(lenientInt, 0),
});
export type BlockAvailability = z.infer<typeof blockAvailabilitySchema>;

export const partnerEventSchema = z.object({
  eventId: lenientInt,
  productionId: lenientInt,
  eventName: z.string(),
  eventType: lenientNullableString,
  eventTags: lenientTags,
  start: z.string(),
  end: lenientNullableString,
  hallId: lenientInt,
  prices: lenientArray(eventPriceSchema),
  availability: z.optional(lenientArray(rankAvailabilitySchema)),
  blockAvailability: z.optional(lenientArray(blockAvailabilitySchema)),
});
export type PartnerEvent = z.infer<typeof partnerEventSchema>;

export const partnerEventListSchema = z.array(partnerEventSchema);

/** Seats of all ranks: capacity and what is still available. Null when the service sent no availability. */
export function availabilityTotals(event: Pick<PartnerEvent, 'availability'>): {
  capacity: number;
  available: number;
  sold: number;
} | null {
  if (!event.availability || event.availability.length === 0) return null;
  let capacity = 0;
  let available = 0;
  for (const rank of event.availability) {
    capacity += rank.capacity;
    available += rank.available;
  }
  return { capacity, available, sold: Math.max(0, capacity - available) };
}
