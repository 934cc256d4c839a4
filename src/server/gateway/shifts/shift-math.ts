import type { Tender } from '@/contract/shift';

/**
 * The arithmetic of a shift, pure: where a payment method's money goes, a sale's lines per performance, and
 * the totals a close-out and a Z-report show.
 */

export interface SaleLine {
  eventId: number;
  tickets: number;
  amountCents: number;
}

/** An order's seats summed per performance, in the order they first appear. */
export function linesOf(seats: readonly { eventId: number; amountCents: number }[]): SaleLine[] {
  const byEvent = new Map<number, SaleLine>();
  for (const seat of seats) {
    const line = byEvent.get(seat.eventId) ?? { eventId: seat.eventId, tickets: 0, amountCents: 0 };
    line.tickets += 1;
    line.amountCents += seat.amountCents;
    byEvent.set(seat.eventId, line);
  }
  return [...byEvent.values()];
}

/**
 * Whether a sale never became one: paid neither in cash nor on the terminal (an online payment link, an invoice)
 * and cancelled since — the buyer cancelled the payment page, or it lapsed, and the service released the seats.
 * No money reached the desk, so the totals leave it out and list it apart. A cash or card sale cancelled later
 * is a refund: it stays a sale of the shift (the money went through the drawer), and the reconciliation lists
 * its cancellation. The store's SQL says the same (shift-store.ts, WITHDRAWN_SQL).
 */
export function isWithdrawn(
  tender: Tender | null,
  now: { orderStatus: string | null; paymentStatus: string | null },
): boolean {
  if (tender === null || tender === 'cash' || tender === 'card') return false;
  return now.orderStatus === 'cancel' || now.orderStatus === 'trash' || now.paymentStatus === 'cancelled';
}

/** A sale as the totals need it; amounts null while it has not been read from the service. */
export interface SaleFigures {
  orderId: number;
  method: string | null;
  tender: Tender | null;
  amountCents: number | null;
  feeCents: number | null;
  donationCents: number | null;
  lines: SaleLine[] | null;
  /** Cancelled before any money reached the desk (isWithdrawn): not counted, listed apart. */
  withdrawn?: boolean;
  /** An online payment the buyer has not made yet: counted, and said apart (it may still lapse). */
  awaitingPayment?: boolean;
}

export interface MethodTotal {
  method: string;
  tender: Tender;
  count: number;
  amountCents: number;
  feeCents: number;
  donationCents: number;
}

export interface PerformanceTotal {
  eventId: number;
  tickets: number;
  amountCents: number;
}

export interface ShiftTotals {
  count: number;
  amountCents: number;
  feeCents: number;
  donationCents: number;
  /** Sales whose amounts are not read yet (they count in `count` only). */
  unread: number;
  /** Sales cancelled before any money reached the desk (not in the count or any total). */
  withdrawn: { count: number; amountCents: number };
  /** Of the counted sales, online payments not made yet (a payment link the buyer has still to use). */
  awaiting: { count: number; amountCents: number };
  byMethod: MethodTotal[];
  byPerformance: PerformanceTotal[];
  expected: { cashCents: number; cardCents: number; onlineCents: number; otherCents: number };
}

/**
 * The totals of a shift's sales: per payment method (fees and donations apart), per performance, and what
 * should be in the drawer (the float plus the cash sales) and on the terminal (the card sales).
 */
export function shiftTotals(sales: readonly SaleFigures[], openingFloatCents: number): ShiftTotals {
  const byMethod = new Map<string, MethodTotal>();
  const byPerformance = new Map<number, PerformanceTotal>();
  const totals: ShiftTotals = {
    count: 0,
    amountCents: 0,
    feeCents: 0,
    donationCents: 0,
    unread: 0,
    withdrawn: { count: 0, amountCents: 0 },
    awaiting: { count: 0, amountCents: 0 },
    byMethod: [],
    byPerformance: [],
    expected: { cashCents: openingFloatCents, cardCents: 0, onlineCents: 0, otherCents: 0 },
  };
  for (const sale of sales) {
    if (sale.withdrawn) {
      totals.withdrawn.count += 1;
      totals.withdrawn.amountCents += sale.amountCents ?? 0;
      continue;
    }
    totals.count += 1;
    if (sale.amountCents === null || sale.tender === null) {
      totals.unread += 1;
      continue;
    }
    const fee = sale.feeCents ?? 0;
    const donation = sale.donationCents ?? 0;
    if (sale.awaitingPayment) {
      totals.awaiting.count += 1;
      totals.awaiting.amountCents += sale.amountCents;
    }
    totals.amountCents += sale.amountCents;
    totals.feeCents += fee;
    totals.donationCents += donation;
    const method = sale.method || '—';
    const key = `${sale.tender}\u0000${method}`;
    const entry = byMethod.get(key) ?? {
      method,
      tender: sale.tender,
      count: 0,
      amountCents: 0,
      feeCents: 0,
      donationCents: 0,
    };
    entry.count += 1;
    entry.amountCents += sale.amountCents;
    entry.feeCents += fee;
    entry.donationCents += donation;
    byMethod.set(key, entry);
    if (sale.tender === 'cash') totals.expected.cashCents += sale.amountCents;
    else if (sale.tender === 'card') totals.expected.cardCents += sale.amountCents;
    else if (sale.tender === 'online') totals.expected.onlineCents += sale.amountCents;
    else totals.expected.otherCents += sale.amountCents;
    for (const line of sale.lines ?? []) {
      const performance = byPerformance.get(line.eventId) ?? { eventId: line.eventId, tickets: 0, amountCents: 0 };
      performance.tickets += line.tickets;
      performance.amountCents += line.amountCents;
      byPerformance.set(line.eventId, performance);
    }
  }
  const tenderOrder: Tender[] = ['cash', 'card', 'online', 'other'];
  totals.byMethod = [...byMethod.values()].sort(
    (a, b) => tenderOrder.indexOf(a.tender) - tenderOrder.indexOf(b.tender) || a.method.localeCompare(b.method),
  );
  totals.byPerformance = [...byPerformance.values()].sort((a, b) => b.amountCents - a.amountCents);
  return totals;
}

/** Counted minus expected, for the drawer and the terminal apart and together. */
export function differenceOf(
  expected: { cashCents: number; cardCents: number },
  counted: { cashCents: number; cardCents: number },
) {
  const cashCents = counted.cashCents - expected.cashCents;
  const cardCents = counted.cardCents - expected.cardCents;
  return { cashCents, cardCents, totalCents: cashCents + cardCents };
}
