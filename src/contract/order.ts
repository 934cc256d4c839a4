import { z } from 'zod';
import { isoDateSchema, isoDateTimeSchema } from './common';
import { customerSchema } from './customer';
import { pageQuerySchema, paginated } from './pagination';

/** orderStatus (spec 2.11); a real service may add values, so it is typed as a string. */
export const orderStatusSchema = z.string().meta({
  description: '`ord`, `cancel`, `reemit`, `reissue`, `res` (reservation), `pros` (prospectus), `trash`',
});

/** Payment status (spec 2.6, 3.3). */
export const orderPaymentStatusSchema = z.string().meta({
  description: '`none`, `pending`, `paid`, `partial`, `cancelled`',
});

/** Order (spec 2.11), as `GET /partner/order/{orderId}` returns it. */
export const orderSchema = z
  .object({
    orderId: z.number().int(),
    orderKey: z.string(),
    customerId: z.number().int().nullable().meta({ description: 'Null for anonymous orders' }),
    orderStatus: orderStatusSchema,
    orderPaymentStatus: orderPaymentStatusSchema,
    orderDate: isoDateTimeSchema,
    timeOut: isoDateTimeSchema.nullable().meta({ description: 'For reservations: expiry' }),
    amount: z.number().meta({ description: 'Total: lines + fee + donation' }),
    donation: z.number(),
    lastChanged: isoDateTimeSchema,
    handlingTextPayment: z.string().meta({ description: 'Payment method label' }),
    discountName: z.string().nullable(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof orderSchema>;

/**
 * A line of an order (spec 2.11 `seats`). `seatId` is the hall seat for reserved seating and the order
 * line id for general admission (whose rowNr and seatNr are 0). Voucher and product lines appear too, with
 * their own (voucher or product) event; a donation is the order's `donation`, never a line.
 */
export const orderSeatSchema = z
  .object({
    seatId: z.number().int(),
    eventId: z.number().int(),
    rankId: z.number().int(),
    rowNr: z.number().int(),
    seatNr: z.number().int(),
    amount: z.number(),
    priceId: z.string().meta({ description: 'Ticket type id' }),
    priceName: z.string(),
  })
  .meta({ id: 'OrderSeat' });
export type OrderSeat = z.infer<typeof orderSeatSchema>;

/** OrderExport (spec 2.11): Order plus the export fields. `user` is null for anonymous orders. */
export const orderExportSchema = orderSchema
  .extend({
    orderChannel: z.string().meta({ description: '`www` webshop; `sp` sales point' }),
    fee: z.number(),
    seats: z.array(orderSeatSchema),
    deletedSeats: z.array(orderSeatSchema),
    user: customerSchema.nullable(),
  })
  .meta({ id: 'OrderExport' });
export type OrderExport = z.infer<typeof orderExportSchema>;

/**
 * `changedSince` (DESIGN.md decision 3): `YYYY-MM-DD` (start of that day in the client's time zone) or an
 * ISO 8601 datetime, with offset or without (then client time); inclusive.
 */
export const changedSinceParamSchema = z
  .union([isoDateSchema, z.iso.datetime({ offset: true }), z.iso.datetime({ local: true })], {
    error: 'changedSince must be a date (YYYY-MM-DD) or an ISO 8601 datetime.',
  })
  .meta({ description: 'Date `YYYY-MM-DD` (start of that day, client time) or ISO 8601 datetime; inclusive' });

/** Query of `GET /partner/order` and of the POST exports (whose body may carry `changedSince` too). */
export const changedSincePageQuerySchema = pageQuerySchema.extend({ changedSince: changedSinceParamSchema.optional() });

/** Optional body of the POST exports. */
export const exportBodySchema = z
  .object({ changedSince: changedSinceParamSchema.optional() })
  .meta({ id: 'ExportFilter' });

export const orderPageSchema = paginated(orderExportSchema).meta({ id: 'OrderPage' });
export type OrderPage = z.infer<typeof orderPageSchema>;
