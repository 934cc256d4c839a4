import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { BuyerSummary } from '@/contract/customer-search';
import type { ScreenBody, ScreenLine, ScreenPlan } from '@/contract/display';
import { WALK_IN_EMAIL } from '@/contract/walk-in';
import { toCents } from '../../lib/money';
import { personName } from '../../lib/person-name';
import { seatPlanQueries } from '../../lib/queries/seat-plan-queries';
import type { PartnerCart } from '../../lib/schemas/partner-cart';
import { usePublishedScreen } from '../display/public-publish';
import { type CompletedSale, ticketsOf, withoutSeatSuffix } from './cart-model';
import { cartQueries } from './cart-queries';
import { lineContextReader } from './line-context';
import type { SaleState } from './sale-state';

/** The screen's limits (src/contract/display.ts): a sale beyond them shows its first part. */
const LIMITS = { lines: 200, plans: 4, sections: 6, rows: 120, seatsPerRow: 200, event: 200, label: 80 } as const;
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

const clip = (text: string, max: number) => text.trim().slice(0, max);

/** The buyer's own name, and nothing else of theirs; none for the walk-in customer ("Bedankt, Losse bezoeker!"). */
const nameOf = (customer: BuyerSummary | null) =>
  customer && customer.email !== WALK_IN_EMAIL ? clip(personName(customer), 120) || null : null;

/**
 * The cart as the buyer reads it: each line's event and start (from the event the seller opened, kept in the
 * query cache), section (from its seat plan), row, seat, price type and amount.
 */
function screenLines(cart: PartnerCart, queryClient: QueryClient): ScreenLine[] {
  const contextOf = lineContextReader(queryClient);
  return cart.cartItems.slice(0, LIMITS.lines).map((item) => {
    const { eventName, start, section } = contextOf(item);
    const seat = item.rowNr && item.seatNr ? { rowNr: item.rowNr, seatNr: item.seatNr } : null;
    return {
      event: clip(eventName ?? (seat ? withoutSeatSuffix(item.description, seat) : item.description), LIMITS.event),
      date: start && ISO_WITH_OFFSET.test(start) ? start : null,
      section: section ? clip(section, LIMITS.label) || null : null,
      row: seat?.rowNr ?? null,
      seat: seat?.seatNr ?? null,
      priceType: clip(item.priceName || item.itemType, LIMITS.label),
      tickets: Math.max(1, ticketsOf(item)),
      amountCents: toCents(item.amount),
    };
  });
}

/** The small plans: for each event with seats in the cart, the sections they are in, row by row. */
function screenPlans(cart: PartnerCart, lines: readonly ScreenLine[], queryClient: QueryClient): ScreenPlan[] {
  const eventIds = [...new Set(cart.cartItems.flatMap((item) => (item.eventId && item.seatId ? [item.eventId] : [])))];
  return eventIds.slice(0, LIMITS.plans).flatMap((eventId) => {
    const plan = queryClient.getQueryData(seatPlanQueries.detail(eventId).queryKey);
    const index = cart.cartItems.findIndex((item) => item.eventId === eventId);
    const event = lines[index]?.event;
    if (!plan || !event) return [];
    const wanted = new Set(lines.filter((line) => line.event === event).map((line) => line.section));
    const sections = plan.sections
      .filter((section) => wanted.has(clip(section.sectionName, LIMITS.label)))
      .slice(0, LIMITS.sections)
      .map((section) => ({
        name: clip(section.sectionName, LIMITS.label),
        rows: section.rows.slice(0, LIMITS.rows).map((row) => ({
          row: row.rowNr,
          seats: row.seats.slice(0, LIMITS.seatsPerRow).map((seat) => seat.seatNr),
        })),
      }));
    return sections.length > 0 ? [{ event, sections }] : [];
  });
}

/** What the buyer's screen shows for the sale as it stands. */
function screenOf(
  cart: PartnerCart | undefined,
  completed: CompletedSale | null,
  paymentStatus: string | undefined,
  customer: BuyerSummary | null,
  checkoutFeeCents: number | null,
  queryClient: QueryClient,
): ScreenBody {
  if (completed) {
    const lines = screenLines(completed.cart, queryClient);
    const feeCents = toCents(completed.method.fee);
    // The buyer of a finished sale: as checked out (the sale's customer is not kept beside it).
    const buyerName = nameOf(customer);
    if (paymentStatus === 'cancelled') return { phase: 'idle' };
    if (completed.result.url !== null && paymentStatus !== 'paid') {
      return { phase: 'payment', lines, feeCents, buyerName, paymentUrl: completed.result.url };
    }
    // Cash handed over: the buyer sees it and the change too (what the seller counts out).
    const received = completed.tenderedCents === null ? {} : { receivedCents: completed.tenderedCents };
    return { phase: 'thanks', lines, feeCents, buyerName, ...received };
  }
  if (!cart || cart.cartItems.length === 0) return { phase: 'idle' };
  const lines = screenLines(cart, queryClient);
  const fee = checkoutFeeCents === null ? {} : { feeCents: checkoutFeeCents };
  return { phase: 'cart', lines, plans: screenPlans(cart, lines, queryClient), buyerName: nameOf(customer), ...fee };
}

/**
 * The sale on the buyer's screen of the seller's sales point (issue 31 item 5), as it changes: the cart while
 * seats are added, the payment's QR code for an online payment, thanks after checkout, idle for a new sale.
 */
export function useBuyerScreen(
  sale: { cart: PartnerCart | undefined; completed: CompletedSale | null },
  state: SaleState,
) {
  const queryClient = useQueryClient();
  const orderKey = sale.completed?.result.orderKey ?? '';
  // The sale-complete screen reads the order's status; this follows the same cache entry without a fetch of its own.
  const status = useQuery({ ...cartQueries.orderStatus(orderKey), enabled: false });
  const paymentStatus = sale.completed ? status.data?.order_payment_status : undefined;
  // In the checkout, the chosen method's fee counts in the total (the buyer read € 109,00 where the seller asked
  // € 109,29), from the methods the checkout has read.
  const methods = useQuery({ ...cartQueries.paymentMethods(), enabled: false });
  const method = methods.data?.find((entry) => entry.paymentMethodId === state.methodId);
  const checkoutFeeCents = state.stage === 'checkout' && method ? toCents(method.fee) : null;
  const body = useMemo(
    () => screenOf(sale.cart, sale.completed, paymentStatus, state.customer, checkoutFeeCents, queryClient),
    [sale.cart, sale.completed, paymentStatus, state.customer, checkoutFeeCents, queryClient],
  );
  usePublishedScreen(body);
}
