import { z } from 'zod/mini';
import { checkoutResultSchema, partnerCartSchema } from '../../lib/schemas/partner-cart';
import { paymentMethodSchema } from '../../lib/schemas/payment-method';
import type { CompletedSale } from './cart-model';

/**
 * What a reload of the box office must not lose, kept for this tab only (sessionStorage; sign-out clears
 * it): the open cart's id, so the sale continues, and after checkout the finished sale, so an online
 * payment's link, QR code and status stay on screen while the buyer pays. Nothing about the buyer is
 * stored but their number: the cart's contents come from the service again, and a finished sale holds the
 * order's id, key and payment link, the cart's lines, the payment method and the customer's number, by which
 * it names the buyer again (it lost its "Koper" row on a reload) — no name, email or phone. A checkout under way
 * keeps its cart's id, the buyer's number and the payment method chosen, so a reload in the middle of it comes
 * back to the same checkout (it came back to the tickets with the buyer and method gone). A checkout sent and not
 * answered (the connection dropped) is kept as it was sent, with the cart's lines, until an answer settles it: it
 * may have made the order.
 */
const CART_ID_KEY = 'foyer.box-office.cartId';
const COMPLETED_SALE_KEY = 'foyer.box-office.completedSale';
const CHECKOUT_DRAFT_KEY = 'foyer.box-office.checkoutDraft';
const SENT_CHECKOUT_KEY = 'foyer.box-office.sentCheckout';

const checkoutDraftSchema = z.object({
  cartId: z.string(),
  customerId: z.nullable(z.int()),
  methodId: z.nullable(z.int()),
});

/** The choices of a checkout under way, for the cart they were made for. */
export type CheckoutDraft = z.infer<typeof checkoutDraftSchema>;

const completedSaleSchema = z.object({
  result: checkoutResultSchema,
  cart: partnerCartSchema,
  method: paymentMethodSchema,
  // The cash handed over; a sale stored before the desk counted change has none.
  tenderedCents: z.catch(z.nullable(z.int()), null),
  // A sale stored before the buyer's number was kept has none.
  customerId: z.catch(z.nullable(z.int()), null),
});

const sentCheckoutSchema = z.object({
  cartId: z.string(),
  customerId: z.int(),
  method: paymentMethodSchema,
  tenderedCents: z.nullable(z.int()),
  cart: partnerCartSchema,
});

/** A checkout as it was sent: sent again as it is until it is answered (DESIGN.md decision 7: the same order). */
export type SentCheckout = z.infer<typeof sentCheckoutSchema>;

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) sessionStorage.removeItem(key);
    else sessionStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode): the sale still works, it just does not survive a reload.
  }
}

export function readStoredCartId(): string | null {
  const value = read(CART_ID_KEY);
  return value && /^[A-Za-z0-9_-]{1,200}$/.test(value) ? value : null;
}

export function storeCartId(cartId: string | null): void {
  write(CART_ID_KEY, cartId || null);
}

function readJson<T>(key: string, schema: z.ZodMiniType<T>): T | null {
  const value = read(key);
  if (!value) return null;
  try {
    const parsed = schema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function readStoredSale(): CompletedSale | null {
  return readJson(COMPLETED_SALE_KEY, completedSaleSchema);
}

export function storeSale(sale: CompletedSale | null): void {
  write(COMPLETED_SALE_KEY, sale ? JSON.stringify(sale) : null);
}

/** The checkout draft kept for this cart, if any (one made for another cart is no longer the sale's). */
export function readCheckoutDraft(cartId: string | null): CheckoutDraft | null {
  const draft = readJson(CHECKOUT_DRAFT_KEY, checkoutDraftSchema);
  return draft && cartId !== null && draft.cartId === cartId ? draft : null;
}

export function storeCheckoutDraft(draft: CheckoutDraft | null): void {
  write(CHECKOUT_DRAFT_KEY, draft ? JSON.stringify(draft) : null);
}

/** The checkout sent for this cart and not answered yet, if any. */
export function readSentCheckout(cartId: string | null): SentCheckout | null {
  const sent = readJson(SENT_CHECKOUT_KEY, sentCheckoutSchema);
  return sent && cartId !== null && sent.cartId === cartId ? sent : null;
}

export function storeSentCheckout(sent: SentCheckout | null): void {
  write(SENT_CHECKOUT_KEY, sent ? JSON.stringify(sent) : null);
}
