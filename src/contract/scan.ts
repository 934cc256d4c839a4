import { z } from 'zod';
import { customerSchema } from './customer';
import { BUYER_SUMMARY_FIELDS } from './customer-search';

/**
 * The scanner (`POST /api/scans`) and the walk-in customer (`POST /api/walk-in-customer`): a code a barcode or QR
 * scanner typed, resolved to what it names, and the organisation's customer of the quick walk-in sale. Pure,
 * shared by gateway and app.
 */

/** Longer than any order key, payment link or email a scanner sends; anything longer is no code of ours. */
export const SCAN_CODE_MAX = 512;

/**
 * Where the code was scanned: anywhere it opens an order; in the box office it may also name the sale's buyer
 * (a customer card number or an email).
 */
export const SCAN_PLACES = ['app', 'box-office'] as const;

export const scanRequestSchema = z.object({
  code: z.string({ error: 'The scanned code' }).trim().min(1, 'The scanned code').max(SCAN_CODE_MAX, 'Too long'),
  place: z.enum(SCAN_PLACES).default('app'),
});
export type ScanRequest = z.input<typeof scanRequestSchema>;

const buyerShape = Object.fromEntries(BUYER_SUMMARY_FIELDS.map((field) => [field, true])) as {
  [F in (typeof BUYER_SUMMARY_FIELDS)[number]]: true;
};
/** A buyer as the box office's picker shows one (contract/customer-search.ts BuyerSummary). */
export const buyerSummarySchema = customerSchema.pick(buyerShape);

export const scanResultSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('order'),
    orderId: z.number().int(),
    orderKey: z.string(),
    /** What the code was: an order key (a ticket's QR code, a receipt) or the payment link of the payment QR. */
    from: z.enum(['order-key', 'payment-link']),
  }),
  z.object({ kind: z.literal('customer'), customer: buyerSummarySchema, from: z.enum(['card', 'email']) }),
  /** Nothing this code names is known (or, outside the box office, it names a customer). */
  z.object({ kind: z.literal('unknown') }),
]);
export type ScanResult = z.infer<typeof scanResultSchema>;

/** The quick sale's buyer, and the payment method that takes cash (null: the service offers none). */
export const walkInCustomerSchema = z.object({
  customer: buyerSummarySchema,
  cashMethodId: z.number().int().nullable(),
});
export type WalkInCustomer = z.infer<typeof walkInCustomerSchema>;

export { WALK_IN_EMAIL, WALK_IN_NAME } from './walk-in';
