import { z } from 'zod/mini';

/**
 * The desk's narrow reads (`/api/desk/…`): what an order's tickets and receipt print, and the reservations
 * queue. Pure, like the rest of src/contract. The orders in them are the service's, relayed as the service
 * wrote them, so each reader brings its own order schema (the app's reads a real service's variations
 * leniently); what the gateway adds is read as it is written here. Written with zod/mini, as the app's
 * lenient readers are.
 */

export const printPerformanceSchema = z.object({
  eventId: z.number(),
  name: z.string(),
  start: z.string(),
  hallName: z.nullable(z.string()),
});

/** The section of one of the order's seats on its performance's plan. */
export const printSectionSchema = z.object({ eventId: z.number(), seatId: z.string(), section: z.string() });

/** Who sold the order through Foyer and in which shift; null when it was not sold in Foyer. */
export const printSaleSchema = z.nullable(
  z.object({
    seller: z.object({ name: z.nullable(z.string()), email: z.nullable(z.string()) }),
    shift: z.nullable(z.object({ id: z.number(), desk: z.string() })),
  }),
);

/** `GET /api/desk/orders/:orderId/print-data`, its order read with `order`. */
export function printDataSchemaOf<Order extends z.core.$ZodType>(order: Order) {
  return z.object({
    /** The order with the export's channel, fee and seats (no customer). */
    order,
    /** False when the export did not hold the order (it changed while it was read): seats unknown. */
    seatsFound: z.boolean(),
    performances: z.array(printPerformanceSchema),
    sections: z.array(printSectionSchema),
    sale: printSaleSchema,
  });
}

export interface PrintData<Order> {
  order: Order;
  seatsFound: boolean;
  performances: z.infer<typeof printPerformanceSchema>[];
  sections: z.infer<typeof printSectionSchema>[];
  sale: z.infer<typeof printSaleSchema>;
}

/** `GET /api/desk/open-orders`, its list of orders read with `orders`. */
export function openOrdersSchemaOf<Orders extends z.core.$ZodType>(orders: Orders) {
  return z.object({
    /** Reservations, and for those who read orders the webshop's orders awaiting payment; no seats. */
    orders,
    /** Whether the webshop's orders awaiting payment are included (for those who read orders). */
    withOnline: z.boolean(),
    /** The first day (YYYY-MM-DD) of the orders changed that the queue looked at. */
    since: z.string(),
    /** False while the mirror's first full read of the orders still runs: some may be missing. */
    complete: z.boolean(),
  });
}

export interface OpenOrders<Order> {
  orders: Order[];
  withOnline: boolean;
  since: string;
  complete: boolean;
}

/** `POST /api/orders/:orderId/prints`: the print recorded, its number for the order (a reprint is number 2 on). */
export const printRecordSchema = z.object({ printNumber: z.number(), reprint: z.boolean() });
export type PrintRecord = z.infer<typeof printRecordSchema>;
