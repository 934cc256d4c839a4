import { z } from 'zod';

/**
 * The desk's requests as the gateway validates them. Apart from desk.ts, which the app reads with zod/mini:
 * the app sends these (its print buttons and the queue's day), it does not validate them with a form.
 */

/** `GET /api/desk/open-orders?since=`. */
export const openOrdersQuerySchema = z.object({
  since: z
    .string()
    .refine((day) => /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(day)), 'A date, YYYY-MM-DD')
    .optional(),
});

const PRINT_KINDS = ['tickets', 'receipt'] as const;
const PRINT_LAYOUTS = ['a4', '80mm'] as const;

/** `POST /api/orders/:orderId/prints`: which print of the order was made, on which paper. */
export const printRequestSchema = z.object({
  kind: z.enum(PRINT_KINDS, { error: "kind must be 'tickets' or 'receipt'" }),
  layout: z.enum(PRINT_LAYOUTS, { error: "layout must be 'a4' or '80mm'" }),
});
export type PrintRequest = z.input<typeof printRequestSchema>;
