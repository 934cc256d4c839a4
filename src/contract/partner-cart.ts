import { z } from 'zod';
import { isoDateTimeSchema } from './common';

/**
 * Partner cart (spec 2.10). Items carry the spec's fields plus optional seat details (`seatId`, `rankId`,
 * `rowNr`, `seatNr`, `numberOfTickets`) that a box office needs to show what it sells; a client that does
 * not know them ignores them.
 */
export const partnerCartItemSchema = z
  .object({
    itemType: z.string().meta({ description: '`ticket`, `donation`, `voucher` or `product`' }),
    itemId: z.string().meta({ description: 'Line id; used to delete' }),
    eventId: z.number().int().nullable().meta({ description: 'Null for donations' }),
    priceId: z.string().meta({ description: 'Ticket type id; `donation` for donations' }),
    priceName: z.string(),
    description: z.string(),
    amount: z.number().meta({ description: 'Price of the whole line (EUR)' }),
    seatId: z.string().optional().meta({ description: 'Reserved seating: the hall seat' }),
    rankId: z.number().int().optional(),
    rowNr: z.number().int().optional().meta({ description: 'Reserved seating only' }),
    seatNr: z.number().int().optional().meta({ description: 'Reserved seating only' }),
    numberOfTickets: z.number().int().optional().meta({ description: '1 per seat; more on open-seating lines' }),
  })
  .meta({ id: 'PartnerCartItem' });
export type PartnerCartItem = z.infer<typeof partnerCartItemSchema>;

export const partnerCartSummarySchema = z
  .object({
    cartId: z.string(),
    timeOut: isoDateTimeSchema.meta({
      description: 'When the held seats lapse (last add + CART_TIMEOUT_SECONDS); the current time when nothing is held',
    }),
    numberOfItems: z.number().int(),
    amount: z.number().meta({ description: 'Total price (EUR)' }),
  })
  .meta({ id: 'PartnerCartSummary' });
export type PartnerCartSummary = z.infer<typeof partnerCartSummarySchema>;

export const partnerCartSchema = partnerCartSummarySchema
  .extend({ cartItems: z.array(partnerCartItemSchema) })
  .meta({ id: 'PartnerCart' });
export type PartnerCart = z.infer<typeof partnerCartSchema>;

const idInt = z.number().int().positive().max(2_147_483_647);

/**
 * One item of `POST /partner/cart/{cartId}`. A ticket (or voucher, product: the kind follows the event's
 * type) needs `eventId`; `priceId` is the ticket type id, of rank `rankId`. A donation is
 * `itemType: 'donation'` (or an item with `amount` and no `eventId`); its `priceId` and `rankId` are
 * free-form (e.g. `"donation"`, 0).
 */
export const partnerCartAddItemSchema = z
  .object({
    priceId: z.string().min(1).max(64),
    rankId: z.number().int().min(0).max(2_147_483_647),
    eventId: idInt.optional(),
    numberOfTickets: z.number().int().min(1).max(100).optional().meta({ description: 'Default 1' }),
    seatId: z
      .string()
      .regex(/^\d{1,10}$/, 'seatId must be a seat id.')
      .optional(),
    amount: z.number().positive().max(100_000).optional().meta({ description: 'Donation amount (EUR)' }),
    itemType: z.enum(['ticket', 'donation', 'voucher', 'product']).optional(),
  })
  .meta({ id: 'PartnerCartAddItem' });
export type PartnerCartAddItem = z.infer<typeof partnerCartAddItemSchema>;

export const partnerCartAddSchema = z.array(partnerCartAddItemSchema).min(1).max(50).meta({ id: 'PartnerCartAdd' });

/** `POST /partner/cart/{cartId}/checkout`. */
export const checkoutRequestSchema = z
  .object({
    customerId: idInt,
    paymentMethodId: idInt,
    redirectURL: z
      .url()
      .max(2000)
      .optional()
      .meta({ description: 'https (http only for localhost); where the payment page sends the buyer back' }),
  })
  .meta({ id: 'CheckoutRequest' });

export const checkoutResponseSchema = z
  .object({
    orderId: z.number().int(),
    orderKey: z.string(),
    url: z.url().nullable().meta({ description: 'Payment page of an online method; null for desk methods' }),
  })
  .meta({ id: 'CheckoutResponse' });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;
