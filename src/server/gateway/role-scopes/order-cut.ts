/**
 * An order as a person of a scoped role may see it. An order can hold seats of several productions (a ticket
 * of the promoter's show and a tour shirt of another): only the seats of the events in scope are theirs, and so
 * only those seats' money. The order's amount becomes the sum of those seats (the kept ones; those removed when
 * the whole order was, as a cancelled order's are), and its fee and donation, which belong to the order and not to a show, 0.
 * A walkthrough's promoter found another production's lines, with their price names and amounts, in the orders
 * export and in the forwarded order list. The analysis cuts its sums the same way in SQL (reports/order-report.ts).
 */

type Seat = { eventId?: unknown; amount?: unknown };

const seatsOf = (value: unknown): Seat[] => (Array.isArray(value) ? (value as Seat[]) : []);
const cents = (seats: readonly Seat[]) =>
  seats.reduce((sum, seat) => sum + Math.round(Number(seat.amount ?? 0) * 100), 0);

export function orderWithinEvents(
  order: Record<string, unknown>,
  eventIds: ReadonlySet<number>,
): Record<string, unknown> {
  const inScope = (seat: Seat) => eventIds.has(Number(seat?.eventId));
  const kept = seatsOf(order.seats);
  const seats = kept.filter(inScope);
  const deletedSeats = seatsOf(order.deletedSeats).filter(inScope);
  // The removed seats count only for an order that keeps none at all (cancelled whole); a seat of theirs taken
  // out of a live order is no longer their money.
  const amountCents = kept.length > 0 ? cents(seats) : cents(deletedSeats);
  return {
    ...order,
    amount: amountCents / 100,
    ...('fee' in order ? { fee: 0 } : {}),
    ...('donation' in order ? { donation: 0 } : {}),
    ...('seats' in order ? { seats } : {}),
    ...('deletedSeats' in order ? { deletedSeats } : {}),
  };
}

/** Lines of an order status that are not tickets (spec 2.8's event types of vouchers and products). */
const NOT_TICKETS = new Set(['voucher', 'horeca', 'product']);

type StatusSeat = { seat_id?: unknown; event_name?: unknown; event_type?: unknown };

/**
 * An order's public status (spec 2.6) as a person of a scoped role may see it, when the order also holds lines
 * of events outside their scope: only the seats of their events, counted as its tickets, and no link to the
 * tickets or the receipt — those pages show the whole order (another production's tickets, scannable). The
 * status names a seat by its id and its event's name; a seat id on both sides of the scope (the same hall seat
 * at two events) is told apart by the name.
 */
export function orderStatusWithinEvents(
  status: Record<string, unknown>,
  seats: { within: readonly number[]; outside: readonly number[] },
  eventNames: ReadonlySet<string>,
): Record<string, unknown> {
  const within = new Set(seats.within);
  const outside = new Set(seats.outside);
  const kept = (Array.isArray(status.seats) ? (status.seats as StatusSeat[]) : []).filter((seat) => {
    const id = Number(seat?.seat_id);
    return within.has(id) && (!outside.has(id) || eventNames.has(String(seat?.event_name)));
  });
  return {
    ...status,
    order_tickets_nr: kept.filter((seat) => !NOT_TICKETS.has(String(seat?.event_type))).length,
    order_tickets_url: null,
    order_receipt_url: null,
    seats: kept,
  };
}
