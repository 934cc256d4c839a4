import { z } from 'zod/mini';
import { lenientArray, lenientDecimal, lenientInt, lenientNullableString, lenientString } from '../lenient';

/**
 * The app's reading of orders (spec 2.11; contract: src/contract/order.ts) and of the public order status
 * (spec 2.6). Lenient where a real service may differ: ids and amounts as strings, optional export fields
 * missing, an inline customer with fewer fields than the reference service sends.
 */

/** A line of an order (`seats` / `deletedSeats`). */
export const orderSeatSchema = z.object({
  seatId: lenientInt,
  eventId: lenientInt,
  rankId: z.catch(lenientInt, 0),
  rowNr: z.catch(lenientInt, 0),
  seatNr: z.catch(lenientInt, 0),
  amount: z.catch(lenientDecimal, 0),
  priceId: lenientString,
  priceName: lenientString,
});
export type OrderSeat = z.infer<typeof orderSeatSchema>;

/**
 * The inline customer of an order: only what the order screens show. The full customer (tags, preferences,
 * custom fields) is read where customers are managed.
 */
export const orderCustomerSchema = z.object({
  customerId: lenientInt,
  email: lenientString,
  customerFirstName: lenientString,
  customerPreposition: lenientString,
  customerLastName: lenientString,
  customerCity: lenientString,
});
export type OrderCustomer = z.infer<typeof orderCustomerSchema>;

const orderFields = {
  orderId: lenientInt,
  orderKey: z.string(),
  customerId: z.catch(z.nullable(lenientInt), null),
  orderStatus: z.string(),
  orderPaymentStatus: z.string(),
  orderDate: z.string(),
  timeOut: lenientNullableString,
  amount: lenientDecimal,
  donation: z.catch(lenientDecimal, 0),
  lastChanged: z.string(),
  handlingTextPayment: lenientString,
  discountName: lenientNullableString,
};

/** Order, as `GET /partner/order/{orderId}` returns it. */
export const orderSchema = z.object(orderFields);
export type Order = z.infer<typeof orderSchema>;

/** OrderExport: the list and the orders export carry these fields as well. */
export const orderExportSchema = z.object({
  ...orderFields,
  orderChannel: lenientString,
  fee: z.catch(lenientDecimal, 0),
  seats: lenientArray(orderSeatSchema),
  deletedSeats: lenientArray(orderSeatSchema),
  user: z.catch(z.nullable(orderCustomerSchema), null),
});
export type OrderExport = z.infer<typeof orderExportSchema>;

/** The pagination envelope (spec 2.14) around any record reader. */
export function paginatedOf<Item extends z.core.SomeType>(item: Item) {
  return z.object({
    data: lenientArray(item),
    current_page: lenientInt,
    last_page: lenientInt,
    per_page: lenientInt,
    total: lenientInt,
    next_page_url: lenientNullableString,
    prev_page_url: lenientNullableString,
    first_page_url: lenientString,
    last_page_url: lenientString,
    from: z.catch(lenientInt, 0),
    to: z.catch(lenientInt, 0),
    path: lenientString,
  });
}

export const orderPageSchema = paginatedOf(orderExportSchema);
export type OrderPage = z.infer<typeof orderPageSchema>;

/** Public order status (spec 2.6), `GET /order/{order_key}`. */
export const publicOrderStatusSchema = z.object({
  order_payment_status: z.string(),
  order_tickets_nr: z.catch(lenientInt, 0),
  order_tickets_url: lenientNullableString,
  order_receipt_url: lenientNullableString,
  seats: lenientArray(z.object({ seat_id: lenientInt, event_name: lenientString, event_type: lenientNullableString })),
});

/** "Jan de Vries": the customer's name as people write it; the email when no name is known. */
export function customerName(customer: OrderCustomer): string {
  const name = [customer.customerFirstName, customer.customerPreposition, customer.customerLastName]
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .join(' ');
  return name || customer.email;
}
