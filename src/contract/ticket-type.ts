import { z } from 'zod';
import { publicDecimalSchema } from './common';

/** TicketType (spec 2.3): a discount record of a sub-event; decimals are strings with two decimals. */
export const ticketTypeSchema = z
  .object({
    discount_id: z.string().meta({ description: 'Passed when adding tickets to a cart' }),
    discount_name: z.string(),
    base_price: publicDecimalSchema.meta({ description: 'Price before discount' }),
    discount_type: z.enum(['€', '%', '=']).meta({
      description: '`€` fixed amount off; `%` percentage off; `=` price overruled to a fixed value',
    }),
    discount_value: publicDecimalSchema.meta({
      description: 'Amount off (`€`), percentage off (`%`, e.g. "12.50" is 12.5 %), or the fixed price (`=`)',
    }),
    discounted_price: publicDecimalSchema.meta({ description: 'Final price paid' }),
  })
  .meta({ id: 'TicketType' });
export type TicketType = z.infer<typeof ticketTypeSchema>;
