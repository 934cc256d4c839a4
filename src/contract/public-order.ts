import { z } from 'zod';

/** A line of the public order status: `seat_id` as in the partner order's `seats` (spec 2.6). */
export const publicOrderSeatSchema = z
  .object({
    seat_id: z.number().int(),
    event_name: z.string(),
    event_type: z.string().nullable(),
  })
  .meta({ id: 'PublicOrderSeat' });

/** Order status (spec 2.6), `GET /order/{order_key}`. */
export const publicOrderStatusSchema = z
  .object({
    order_payment_status: z.string().meta({ description: '`paid`, `pending`, `cancelled`, `partial`, `none`' }),
    order_tickets_nr: z.number().int().meta({ description: 'Tickets of the order (not deleted)' }),
    order_tickets_url: z.url(),
    order_receipt_url: z.url(),
    seats: z.array(publicOrderSeatSchema),
  })
  .meta({ id: 'PublicOrderStatus' });
export type PublicOrderStatus = z.infer<typeof publicOrderStatusSchema>;
