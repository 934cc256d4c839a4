import { z } from 'zod';
import { publicDecimalSchema } from './common';

/** `POST /cart/` (spec 4.1): the new cart's id; the `Location` header links to it. */
export const publicCartCreatedSchema = z
  .object({ cart_id: z.string().meta({ description: 'Unguessable cart id (≥ 128 random bits)' }) })
  .meta({ id: 'PublicCartCreated' });

/** One line of the public cart (spec 2.4). Reserved seating: one line per seat; open seating: one line per add. */
export const publicCartItemSchema = z
  .object({
    seat_id: z.string().meta({ description: 'Id of this cart item; used to delete it' }),
    seat_row_nr: z.string().meta({ description: 'Row number; "0" for open seating' }),
    seat_nr: z.string().meta({ description: 'Seat number; "0" for open seating' }),
    pmp_name: z.string().nullable().meta({ description: 'Place-map part (section) name; null for open seating' }),
    event_id: z.number().int().meta({ description: 'Sub-event id (0 for a donation line)' }),
    event_name: z.string(),
    location_name: z.string(),
    event_date: z.string().meta({ description: '`DD-MM-YYYY`, client time' }),
    event_time: z.string().meta({ description: '`HH:MM`, client time' }),
    numberoftickets: z.number().int(),
    seat_price: publicDecimalSchema.meta({ description: 'Final price of the line' }),
    category_name: z.string().meta({ description: 'Rank name' }),
    discount_id: z.string(),
    discount_name: z.string(),
  })
  .meta({ id: 'PublicCartItem' });
export type PublicCartItem = z.infer<typeof publicCartItemSchema>;

export const publicCartTotalSchema = z.object({ totalprice: publicDecimalSchema }).meta({ id: 'PublicCartTotal' });
export const publicEmptyCartSchema = z.object({ cart: z.literal(0) }).meta({ id: 'PublicEmptyCart' });

/** Cart contents: the items followed by `{ totalprice }`; an empty cart is `[{ cart: 0 }]`. */
export const publicCartSchema = z
  .array(z.union([publicCartItemSchema, publicCartTotalSchema, publicEmptyCartSchema]))
  .meta({ id: 'PublicCart', description: 'Items, then `{ totalprice }` last; an empty cart is `[{ cart: 0 }]`' });
export type PublicCart = z.infer<typeof publicCartSchema>;

/** `POST /cart/{cart_id}` (spec 4.1): all three fields required; `event_id` is a sub-event id. */
export const publicCartAddSchema = z
  .object({
    event_id: z.number().int().positive().max(2_147_483_647),
    numberoftickets: z.number().int().min(1).max(100),
    discount_id: z.string().regex(/^\d{1,10}$/, 'discount_id must be a ticket type id.'),
  })
  .meta({ id: 'PublicCartAdd' });
export type PublicCartAdd = z.infer<typeof publicCartAddSchema>;
