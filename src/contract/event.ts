import { z } from 'zod';
import { isoDateSchema, isoDateTimeSchema } from './common';

/** A price of a partner event: one ticket type (discount record) of one rank, final amount. */
export const partnerEventPriceSchema = z
  .object({
    priceId: z.string().meta({ description: 'Ticket type id, as passed to the cart' }),
    priceName: z.string(),
    rankId: z.number().int(),
    rankName: z.string(),
    amount: z.number().meta({ description: 'Final price (EUR)' }),
  })
  .meta({ id: 'PartnerEventPrice' });
export type PartnerEventPrice = z.infer<typeof partnerEventPriceSchema>;

/** Seat-level availability of one rank (DESIGN.md decision 4). */
export const rankAvailabilitySchema = z
  .object({
    rankId: z.number().int(),
    rankName: z.string(),
    capacity: z.number().int(),
    available: z.number().int(),
  })
  .meta({ id: 'RankAvailability' });
export type RankAvailabilityItem = z.infer<typeof rankAvailabilitySchema>;

/** Blocked places of one block type (spec 2.8; `count` named by DESIGN.md decision 4). */
export const blockAvailabilitySchema = z
  .object({
    blockType: z.string(),
    blockName: z.string().meta({ description: 'Dutch label' }),
    count: z.number().int(),
  })
  .meta({ id: 'BlockAvailability' });
export type BlockAvailabilityItem = z.infer<typeof blockAvailabilitySchema>;

/** `event`, `passepartout`, `voucher`, `combi`, `horeca`, `product` (a real service may add others). */
export const eventTypeSchema = z.string().meta({
  description: '`event`, `passepartout` (season pass), `voucher`, `combi` (bundle), `horeca`, `product`',
});

/** Partner Event (spec 2.8). `availability` and `blockAvailability` only on the detail call. */
export const partnerEventSchema = z
  .object({
    eventId: z.number().int().meta({ description: 'Sub-event id' }),
    productionId: z.number().int(),
    eventName: z.string(),
    eventType: eventTypeSchema.nullable(),
    eventTags: z.string().nullable().meta({ description: 'Comma-separated keywords; null when none' }),
    start: isoDateTimeSchema,
    end: isoDateTimeSchema.nullable(),
    hallId: z.number().int(),
    prices: z.array(partnerEventPriceSchema),
    availability: z.array(rankAvailabilitySchema).optional(),
    blockAvailability: z.array(blockAvailabilitySchema).optional(),
  })
  .meta({ id: 'PartnerEvent' });
export type PartnerEvent = z.infer<typeof partnerEventSchema>;

/** Query of `GET /partner/event`: dates in the client's time zone, both inclusive. */
export const partnerEventListQuerySchema = z.object({
  startDate: isoDateSchema.optional().meta({ description: 'Events on or after this date (`YYYY-MM-DD`)' }),
  endDate: isoDateSchema.optional().meta({ description: 'Events on or before this date (`YYYY-MM-DD`)' }),
});
