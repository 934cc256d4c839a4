/**
 * What a scanned code can name, read from its text alone (the lookups are scanner-service.ts's):
 *
 * - a payment link (the payment QR after an online checkout): a URL whose query or path carries the order key —
 *   the reference service's `…/pay/{order_key}`, a provider's `?return=…`, `?order_key=…`;
 * - an email (in the box office: the buyer);
 * - else a plain code: an order key (a ticket's QR code, a receipt's key) or a customer card number.
 */
export interface ScannedCode {
  /** The order keys the code may be, most likely first. */
  orderKeys: string[];
  from: 'order-key' | 'payment-link';
  email: string | null;
  /** A customer card number (the service's `customerExternalId`) the code may be. */
  card: string | null;
}

/** Order keys are letters, digits, `_` and `-` (24+ characters in the reference service; others may differ). */
const ORDER_KEY = /^[0-9A-Za-z_-]{6,128}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A card number: printable characters without spaces, as card printers encode them. */
const CARD = /^[\x21-\x7e]{3,64}$/;
/** The query parameters payment pages and providers carry the order key in. */
const KEY_PARAMETERS = ['return', 'order_key', 'orderKey', 'key', 'order'];

function keysOfLink(url: URL): string[] {
  const fromQuery = KEY_PARAMETERS.flatMap((name) => url.searchParams.getAll(name));
  const fromPath = url.pathname
    .split('/')
    .filter(Boolean)
    .reverse()
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
  return [...new Set([...fromQuery, ...fromPath])].filter((candidate) => ORDER_KEY.test(candidate));
}

export function readScannedCode(code: string): ScannedCode {
  if (/^https?:\/\//i.test(code) && URL.canParse(code)) {
    return { orderKeys: keysOfLink(new URL(code)), from: 'payment-link', email: null, card: null };
  }
  if (EMAIL.test(code)) return { orderKeys: [], from: 'order-key', email: code, card: null };
  return {
    orderKeys: ORDER_KEY.test(code) ? [code] : [],
    from: 'order-key',
    email: null,
    card: CARD.test(code) ? code : null,
  };
}
