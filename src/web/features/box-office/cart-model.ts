import { eurosOf, toCents } from '../../lib/money';
import type { CartAddItem, CheckoutResult, PartnerCart, PartnerCartItem } from '../../lib/schemas/partner-cart';
import type { PaymentMethod } from '../../lib/schemas/payment-method';

/**
 * The pure side of a sale: what goes into `POST /partner/cart/{cartId}` for a choice on the screen, and
 * what the cart panel and checkout show. Money is added up in cents (DESIGN.md decision 11), so a total
 * never drifts by a floating-point cent.
 */

/** A price (ticket type, "discount") of a rank, from the event's prices or the seat plan's price levels. */
export interface RankPrice {
  priceId: string;
  rankId: number;
  name: string;
  amount: number;
}

export function pricesOfRank(prices: readonly RankPrice[], rankId: number): RankPrice[] {
  return prices.filter((price) => price.rankId === rankId);
}

/** A chosen seat of a reserved-seating plan. */
export interface ChosenSeat {
  seatId: string;
  rankId: number;
}

/**
 * One item per seat, each with its own price: the per-ticket choice when there is one, else the price
 * named "for all" in the seat's rank (each rank has its own "Normaal", "Jongeren"…), else the rank's
 * regular price. Seats of a rank without any price are left out and reported, never sent with a made-up
 * price.
 */
export function seatItems(
  eventId: number,
  seats: readonly ChosenSeat[],
  prices: readonly RankPrice[],
  choice: { perSeat: ReadonlyMap<string, string>; forAllName: string | null },
): { items: CartAddItem[]; unpriced: string[] } {
  const items: CartAddItem[] = [];
  const unpriced: string[] = [];
  for (const seat of seats) {
    const price = priceOfSeat(seat, prices, choice);
    if (!price) {
      unpriced.push(seat.seatId);
      continue;
    }
    items.push({ priceId: price.priceId, rankId: seat.rankId, eventId, seatId: seat.seatId, numberOfTickets: 1 });
  }
  return { items, unpriced };
}

/** The price a chosen seat sells at (see seatItems); undefined when its rank has none. */
export function priceOfSeat(
  seat: ChosenSeat,
  prices: readonly RankPrice[],
  choice: { perSeat: ReadonlyMap<string, string>; forAllName: string | null },
): RankPrice | undefined {
  const ofRank = pricesOfRank(prices, seat.rankId);
  const perSeat = choice.perSeat.get(seat.seatId);
  return (
    (perSeat ? ofRank.find((price) => price.priceId === perSeat) : undefined) ??
    (choice.forAllName ? ofRank.find((price) => price.name === choice.forAllName) : undefined) ??
    ofRank[0]
  );
}

/**
 * Tickets by quantity: general admission (one line with `numberOfTickets`), or the best available seats
 * of a rank in a reserved-seating hall (the service chooses them, DESIGN.md decision 9).
 */
export function quantityItem(eventId: number, price: RankPrice, quantity: number): CartAddItem {
  return { priceId: price.priceId, rankId: price.rankId, eventId, numberOfTickets: quantity };
}

/** A voucher or a product: an event of that type, sold as an item (the kind follows the event's type). */
export function goodsItem(
  eventId: number,
  price: RankPrice,
  quantity: number,
  kind: 'voucher' | 'product',
): CartAddItem {
  return { priceId: price.priceId, rankId: price.rankId, eventId, numberOfTickets: quantity, itemType: kind };
}

export const MAX_DONATION = 100_000;

export function donationItem(amount: number): CartAddItem {
  return { priceId: 'donation', rankId: 0, amount, itemType: 'donation' };
}

/**
 * A typed amount → euros, or null when it is not one: "12,50", "12.50", "€ 7", "1.250,00". More than two
 * decimals, zero, negative or above the service's maximum is not an amount to donate.
 */
export function parseAmount(text: string): number | null {
  const cleaned = text.replace(/[€\s]/g, '');
  if (!/^\d+(?:[.,]\d{3})*(?:[.,]\d{1,2})?$/.test(cleaned)) return null;
  // The last separator followed by one or two digits is the decimal one; any other separator groups thousands.
  const decimal = /[.,](\d{1,2})$/.exec(cleaned);
  const whole = (decimal ? cleaned.slice(0, decimal.index) : cleaned).replace(/[.,]/g, '');
  const cents = Number(whole) * 100 + (decimal ? Number((decimal[1] ?? '').padEnd(2, '0')) : 0);
  if (!Number.isFinite(cents) || cents <= 0 || cents > MAX_DONATION * 100) return null;
  return eurosOf(cents);
}

/** Only ticket items hold seats and lapse at `timeOut` (DESIGN.md decision 8); donations and goods stay. */
export function holdsSeats(cart: Pick<PartnerCart, 'cartItems'> | undefined): boolean {
  return (cart?.cartItems ?? []).some((item) => item.itemType === 'ticket');
}

/** The seats this cart holds for one event: the plan shows them as "in this sale". */
export function heldSeatIdsOf(cart: Pick<PartnerCart, 'cartItems'> | undefined, eventId: number): Set<string> {
  const held = new Set<string>();
  for (const item of cart?.cartItems ?? []) {
    if (item.eventId === eventId && item.seatId) held.add(item.seatId);
  }
  return held;
}

export const ticketsOf = (item: PartnerCartItem): number => item.numberOfTickets ?? 1;

/** The cart's own total, added up from its lines in cents (what the service's `amount` should equal). */
export function cartTotalCents(cart: Pick<PartnerCart, 'cartItems'>): number {
  return cart.cartItems.reduce((sum, item) => sum + toCents(item.amount), 0);
}

/** What the buyer pays with a payment method: the cart total plus the method's fixed fee. */
export function totalWithFee(cartAmount: number, fee: number): number {
  return eurosOf(toCents(cartAmount) + toCents(fee));
}

/**
 * The seat ids of a 409 that are among the chosen ones. The reference service names the seat ("Seat 1234
 * is no longer available"); a service that does not leaves the refetched plan to tell.
 */
export function seatIdsNamedIn(message: string, candidates: Iterable<string>): string[] {
  const named: string[] = [];
  const numbersInMessage = new Set(message.match(/\d+/g) ?? []);
  for (const seatId of candidates) {
    if (numbersInMessage.has(seatId)) named.push(seatId);
  }
  return named;
}

/** Lines grouped for the panel: one row per line, in the order the service keeps them. */
export interface CartLineView {
  itemId: string;
  kind: string;
  description: string;
  priceName: string;
  tickets: number;
  amount: number;
  /** Row and seat, for reserved seating. */
  seat: { rowNr: number; seatNr: number } | null;
  /** What line-context.ts reads the line's date and section by. */
  eventId: number | null;
  seatId: string | null;
}

export function cartLines(cart: Pick<PartnerCart, 'cartItems'>): CartLineView[] {
  return cart.cartItems.map((item) => {
    const seat = item.rowNr && item.seatNr ? { rowNr: item.rowNr, seatNr: item.seatNr } : null;
    return {
      itemId: item.itemId,
      kind: item.itemType,
      description: seat ? withoutSeatSuffix(item.description, seat) : item.description,
      priceName: item.priceName,
      tickets: ticketsOf(item),
      amount: item.amount,
      seat,
      eventId: item.eventId,
      seatId: item.seatId ?? null,
    };
  });
}

/**
 * The service may end a seat line's description with the seat in English ("… – row 2, seat 4"); the
 * panel names the seat itself, in the user's language, so that ending is left out (only when it names
 * this very seat, so other wording stays as the service wrote it).
 */
export function withoutSeatSuffix(description: string, seat: { rowNr: number; seatNr: number }): string {
  const suffix = new RegExp(`\\s*[–-]\\s*row ${seat.rowNr},\\s*seat ${seat.seatNr}\\s*$`, 'i');
  const trimmed = description.replace(suffix, '');
  return trimmed === '' ? description : trimmed;
}

/** What the success screen shows: the order, and what was in the cart when it was checked out. */
export interface CompletedSale {
  result: CheckoutResult;
  cart: PartnerCart;
  method: PaymentMethod;
  /** Cash handed over, in cents, when the seller entered it (null: exact, or not cash). */
  tenderedCents: number | null;
  /** The buyer's number, by which the finished sale names them again after a reload (null: not known). */
  customerId: number | null;
}
