import { z } from 'zod/mini';
import { lenientArray, lenientInt, lenientNullableString } from '../lenient';

/**
 * Order status (spec 2.6), `GET /order/{order_key}`: the payment status and the public tickets and receipt
 * pages. Payment status values a real service may add are kept as they come.
 */
export const orderStatusSchema = z.object({
  order_payment_status: z.string(),
  order_tickets_nr: z.catch(lenientInt, 0),
  order_tickets_url: lenientNullableString,
  order_receipt_url: lenientNullableString,
  seats: lenientArray(
    z.object({ seat_id: lenientInt, event_name: z.catch(z.string(), ''), event_type: lenientNullableString }),
  ),
});
export type OrderStatus = z.infer<typeof orderStatusSchema>;

/** Statuses after which nothing more happens at the desk: polling stops. */
export function isFinalPaymentStatus(status: string): boolean {
  return status === 'paid' || status === 'cancelled';
}
