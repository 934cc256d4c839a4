import type * as Contract from '@/contract/order';
import type * as PublicContract from '@/contract/public-order';
import { personName } from '../person-name';
import { decimal, fields, integer, list, nullableText, orElse, parser, string, text } from '../read';

/**
 * The app's reading of orders (spec 2.11; contract: src/contract/order.ts) and of the public order status
 * (spec 2.6). Lenient where a real service may differ: ids and amounts as strings, optional export fields
 * missing, an inline customer with fewer fields than the reference service sends. Read by hand (lib/read.ts),
 * not with zod: the orders list, a first page for many, then needs no schema library.
 */

/** A line of an order (`seats` / `deletedSeats`), its ids and amounts read leniently. */
export type OrderSeat = Contract.OrderSeat;

/**
 * The inline customer of an order: only what the order screens show. The full customer (tags, preferences,
 * custom fields) is read where customers are managed.
 */
export interface OrderCustomer {
  customerId: number;
  email: string;
  customerFirstName: string;
  customerPreposition: string;
  customerLastName: string;
  customerCity: string;
}

/** Order, as `GET /partner/order/{orderId}` returns it. */
export type Order = Contract.Order;

/** OrderExport: the list and the orders export carry these fields as well. */
export type OrderExport = Omit<Contract.OrderExport, 'user'> & { user: OrderCustomer | null };

/** The pagination envelope (spec 2.14) around orders. */
export type OrderPage = Omit<Contract.OrderPage, 'data'> & { data: OrderExport[] };

/** Public order status (spec 2.6), `GET /order/{order_key}`; its links may be missing from a real service. */
export type PublicOrderStatus = Omit<PublicContract.PublicOrderStatus, 'order_tickets_url' | 'order_receipt_url'> & {
  order_tickets_url: string | null;
  order_receipt_url: string | null;
};

function readSeat(value: unknown, field: string): OrderSeat {
  const raw = fields(value, field);
  return {
    seatId: integer(raw.seatId, `${field}.seatId`),
    eventId: integer(raw.eventId, `${field}.eventId`),
    rankId: orElse(() => integer(raw.rankId, 'rankId'), 0),
    rowNr: orElse(() => integer(raw.rowNr, 'rowNr'), 0),
    seatNr: orElse(() => integer(raw.seatNr, 'seatNr'), 0),
    amount: orElse(() => decimal(raw.amount, 'amount'), 0),
    priceId: text(raw.priceId, `${field}.priceId`),
    priceName: text(raw.priceName, `${field}.priceName`),
  };
}

function readCustomer(value: unknown, field: string): OrderCustomer {
  const raw = fields(value, field);
  return {
    customerId: integer(raw.customerId, `${field}.customerId`),
    email: text(raw.email, `${field}.email`),
    customerFirstName: text(raw.customerFirstName, `${field}.customerFirstName`),
    customerPreposition: text(raw.customerPreposition, `${field}.customerPreposition`),
    customerLastName: text(raw.customerLastName, `${field}.customerLastName`),
    customerCity: text(raw.customerCity, `${field}.customerCity`),
  };
}

function readOrderFields(raw: Record<string, unknown>, field: string): Order {
  return {
    orderId: integer(raw.orderId, `${field}.orderId`),
    orderKey: string(raw.orderKey, `${field}.orderKey`),
    customerId: orElse(() => (raw.customerId == null ? null : integer(raw.customerId, 'customerId')), null),
    orderStatus: string(raw.orderStatus, `${field}.orderStatus`),
    orderPaymentStatus: string(raw.orderPaymentStatus, `${field}.orderPaymentStatus`),
    orderDate: string(raw.orderDate, `${field}.orderDate`),
    timeOut: nullableText(raw.timeOut, `${field}.timeOut`),
    amount: decimal(raw.amount, `${field}.amount`),
    donation: orElse(() => decimal(raw.donation, 'donation'), 0),
    lastChanged: string(raw.lastChanged, `${field}.lastChanged`),
    handlingTextPayment: text(raw.handlingTextPayment, `${field}.handlingTextPayment`),
    discountName: nullableText(raw.discountName, `${field}.discountName`),
  };
}

function readOrder(value: unknown, field = 'order'): Order {
  return readOrderFields(fields(value, field), field);
}

function readOrderExport(value: unknown, field = 'order'): OrderExport {
  const raw = fields(value, field);
  return {
    ...readOrderFields(raw, field),
    orderChannel: text(raw.orderChannel, `${field}.orderChannel`),
    fee: orElse(() => decimal(raw.fee, 'fee'), 0),
    seats: list(raw.seats, `${field}.seats`, readSeat),
    deletedSeats: list(raw.deletedSeats, `${field}.deletedSeats`, readSeat),
    user: orElse(() => (raw.user == null ? null : readCustomer(raw.user, 'user')), null),
  };
}

function readOrderPage(value: unknown): OrderPage {
  const raw = fields(value, 'page');
  return {
    data: list(raw.data, 'data', readOrderExport),
    current_page: integer(raw.current_page, 'current_page'),
    last_page: integer(raw.last_page, 'last_page'),
    per_page: integer(raw.per_page, 'per_page'),
    total: integer(raw.total, 'total'),
    next_page_url: nullableText(raw.next_page_url, 'next_page_url'),
    prev_page_url: nullableText(raw.prev_page_url, 'prev_page_url'),
    first_page_url: text(raw.first_page_url, 'first_page_url'),
    last_page_url: text(raw.last_page_url, 'last_page_url'),
    from: orElse(() => integer(raw.from, 'from'), 0),
    to: orElse(() => integer(raw.to, 'to'), 0),
    path: text(raw.path, 'path'),
  };
}

function readPublicOrderStatus(value: unknown): PublicOrderStatus {
  const raw = fields(value, 'status');
  return {
    order_payment_status: string(raw.order_payment_status, 'order_payment_status'),
    order_tickets_nr: orElse(() => integer(raw.order_tickets_nr, 'order_tickets_nr'), 0),
    order_tickets_url: nullableText(raw.order_tickets_url, 'order_tickets_url'),
    order_receipt_url: nullableText(raw.order_receipt_url, 'order_receipt_url'),
    seats: list(raw.seats, 'seats', (seat, field) => {
      const line = fields(seat, field);
      return {
        seat_id: integer(line.seat_id, `${field}.seat_id`),
        event_name: text(line.event_name, `${field}.event_name`),
        event_type: nullableText(line.event_type, `${field}.event_type`),
      };
    }),
  };
}

export const orderSchema = parser((value) => readOrder(value));
export const orderExportSchema = parser((value) => readOrderExport(value));
export const orderPageSchema = parser(readOrderPage);
export const publicOrderStatusSchema = parser(readPublicOrderStatus);

/** "Jan de Vries": the customer's name as people write it; the email when no name is known. */
export function customerName(customer: OrderCustomer): string {
  return personName(customer) || customer.email;
}
