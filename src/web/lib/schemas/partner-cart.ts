import { z } from 'zod/mini';
import { lenientArray, lenientDecimal, lenientInt, lenientNullableString, lenientString } from '../lenient';

/**
 * The app's reading of a Partner Cart (spec 2.10; contract: src/contract/partner-cart.ts). Lenient where a
 * real service may differ: ids and amounts as strings or numbers; the seat details (`seatId`, `rowNr`,
 * `seatNr`, `numberOfTickets`) are extras of the reference service, optional here.
 */
const optionalInt = z.optional(z.catch(z.nullable(lenientInt), null));

export const partnerCartItemSchema = z.object({
  itemType: z.catch(z.string(), 'ticket'),
  itemId: lenientString,
  eventId: z.catch(z.nullable(lenientInt), null),
  priceId: lenientString,
  priceName: z.catch(z.string(), ''),
  description: z.catch(z.string(), ''),
  amount: lenientDecimal,
  seatId: z.optional(lenientNullableString),
  rankId: optionalInt,
  rowNr: optionalInt,
  seatNr: optionalInt,
  numberOfTickets: optionalInt,
});
export type PartnerCartItem = z.infer<typeof partnerCartItemSchema>;

export const partnerCartSchema = z.object({
  cartId: lenientString,
  timeOut: z.string(),
  numberOfItems: z.catch(lenientInt, 0),
  amount: lenientDecimal,
  cartItems: lenientArray(partnerCartItemSchema),
});
export type PartnerCart = z.infer<typeof partnerCartSchema>;

/** `POST /cart/` (spec 4.1): `{ cart_id }`, the id working with every partner cart endpoint. */
export const cartCreatedSchema = z.object({ cart_id: lenientString });

/** `POST /partner/cart/{cartId}/checkout`: `url` null for desk methods (the order is final at once). */
export const checkoutResultSchema = z.object({
  orderId: lenientInt,
  orderKey: lenientString,
  url: z.catch(z.nullable(z.string()), null),
});
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

/** One item of `POST /partner/cart/{cartId}` (spec 4.2). */
export interface CartAddItem {
  priceId: string;
  rankId: number;
  eventId?: number;
  numberOfTickets?: number;
  seatId?: string;
  amount?: number;
  itemType?: 'ticket' | 'donation' | 'voucher' | 'product';
}
