import type { PrintData } from '@/contract/desk';
import { eurosOf, toCents } from '../../lib/money';
import type { Order, OrderExport, OrderSeat } from '../../lib/schemas/order';

/**
 * What a printed order holds: one ticket per seat line of the order, and a receipt. Pure, so the print view
 * only lays it out. Amounts in the client's currency (EUR); sums go through cents.
 */

/** What is known of a performance: from `GET /partner/event/{id}` and its hall; absent while unknown. */
export interface PerformanceInfo {
  name: string;
  start: string;
  hallName: string | null;
}

export type TicketPlace =
  | { kind: 'generalAdmission' }
  /** `section` null: the seat plan could not be read, or the seat is not on it (row and seat only). */
  | { kind: 'seat'; section: string | null; rowNr: number; seatNr: number };

export interface PrintTicket {
  /** Stable within the order: seat id and event id. */
  id: string;
  eventId: number;
  performance: PerformanceInfo | null;
  place: TicketPlace;
  priceName: string;
  amount: number;
  orderId: number;
  orderKey: string;
  /** 1-based, of `count`. */
  number: number;
  count: number;
}

export interface ReceiptLine {
  id: string;
  eventId: number;
  performance: PerformanceInfo | null;
  place: TicketPlace;
  priceName: string;
  amount: number;
}

export interface Receipt {
  orderId: number;
  orderKey: string;
  orderDate: string;
  paymentMethod: string;
  lines: ReceiptLine[];
  /** Sum of the seat lines. */
  ticketsTotal: number;
  /** What the order's total holds beyond tickets, fee and donation (vouchers, products); 0 when nothing. */
  otherItems: number;
  donation: number;
  fee: number;
  /** The order's own total (spec 2.11 `amount`: goods + fee + donation). */
  total: number;
}

/** Row 0, seat 0: a general-admission place (the service sells those by quantity, without a seat). */
export function isGeneralAdmissionSeat(seat: Pick<OrderSeat, 'rowNr' | 'seatNr'>): boolean {
  return seat.rowNr === 0 && seat.seatNr === 0;
}

/** A seat's section on its performance's plan, as the gateway's print data lists them. */
export interface SeatSection {
  eventId: number;
  seatId: string;
  section: string;
}

/** The sections by event and seat id (the plan's ids are strings; the order's integers). */
export function sectionsByEvent(entries: readonly SeatSection[]): Map<number, Map<string, string>> {
  const byEvent = new Map<number, Map<string, string>>();
  for (const { eventId, seatId, section } of entries) {
    const seats = byEvent.get(eventId) ?? new Map<string, string>();
    seats.set(seatId, section);
    byEvent.set(eventId, seats);
  }
  return byEvent;
}

export interface PrintContext {
  performances: ReadonlyMap<number, PerformanceInfo>;
  /** Per event: its seats' sections; an event absent here has no readable plan. */
  sections: ReadonlyMap<number, ReadonlyMap<string, string>>;
}

/** What the print view lays out, from the gateway's print data (`GET /api/desk/orders/{id}/print-data`). */
export function printContextOf(data: Pick<PrintData<unknown>, 'performances' | 'sections'>): PrintContext {
  const performances = new Map<number, PerformanceInfo>(
    data.performances.map((performance) => [
      performance.eventId,
      { name: performance.name, start: performance.start, hallName: performance.hallName },
    ]),
  );
  return { performances, sections: sectionsByEvent(data.sections) };
}

function placeOf(seat: OrderSeat, context: PrintContext): TicketPlace {
  if (isGeneralAdmissionSeat(seat)) return { kind: 'generalAdmission' };
  const section = context.sections.get(seat.eventId)?.get(String(seat.seatId)) || null;
  return { kind: 'seat', section, rowNr: seat.rowNr, seatNr: seat.seatNr };
}

/** Seats in a printable order: by performance start, then event, section, row and seat. */
function sortedSeats(seats: readonly OrderSeat[], context: PrintContext): OrderSeat[] {
  const start = (seat: OrderSeat) => context.performances.get(seat.eventId)?.start ?? '';
  return [...seats].sort(
    (a, b) =>
      start(a).localeCompare(start(b)) ||
      a.eventId - b.eventId ||
      a.rowNr - b.rowNr ||
      a.seatNr - b.seatNr ||
      a.seatId - b.seatId,
  );
}

export function ticketsOf(order: Pick<Order, 'orderId' | 'orderKey'>, row: OrderExport, context: PrintContext) {
  const seats = sortedSeats(row.seats, context);
  return seats.map(
    (seat, index): PrintTicket => ({
      id: `${seat.eventId}-${seat.seatId}`,
      eventId: seat.eventId,
      performance: context.performances.get(seat.eventId) ?? null,
      place: placeOf(seat, context),
      priceName: seat.priceName,
      amount: seat.amount,
      orderId: order.orderId,
      orderKey: order.orderKey,
      number: index + 1,
      count: seats.length,
    }),
  );
}

export function receiptOf(order: Order, row: OrderExport, context: PrintContext): Receipt {
  const lines = sortedSeats(row.seats, context).map(
    (seat): ReceiptLine => ({
      id: `${seat.eventId}-${seat.seatId}`,
      eventId: seat.eventId,
      performance: context.performances.get(seat.eventId) ?? null,
      place: placeOf(seat, context),
      priceName: seat.priceName,
      amount: seat.amount,
    }),
  );
  const ticketsCents = lines.reduce((sum, line) => sum + toCents(line.amount), 0);
  const totalCents = toCents(order.amount);
  const otherCents = totalCents - ticketsCents - toCents(row.fee) - toCents(order.donation);
  return {
    orderId: order.orderId,
    orderKey: order.orderKey,
    orderDate: order.orderDate,
    paymentMethod: order.handlingTextPayment,
    lines,
    ticketsTotal: eurosOf(ticketsCents),
    otherItems: eurosOf(otherCents),
    donation: order.donation,
    fee: row.fee,
    total: eurosOf(totalCents),
  };
}

export type PrintKind = 'tickets' | 'receipt';
export type PrintLayout = 'a4' | '80mm';

/** The view's choice from its URL: unknown values fall back to tickets on A4. */
/**
 * The cash the buyer handed over, in cents, as the finished sale's receipt link says it (`received`): the receipt
 * then shows it and the change. Null when absent or not a whole number of cents.
 */
export function receivedCentsOf(search: URLSearchParams): number | null {
  const value = search.get('received');
  return value !== null && /^\d{1,9}$/.test(value) ? Number(value) : null;
}

export function printChoice(search: URLSearchParams): { kind: PrintKind; layout: PrintLayout } {
  return {
    kind: search.get('kind') === 'receipt' ? 'receipt' : 'tickets',
    layout: search.get('layout') === '80mm' ? '80mm' : 'a4',
  };
}
