/** What a person types to find an order: its number or its (public) key. */
export type OrderRef = { kind: 'id'; id: number } | { kind: 'key'; key: string };

const MAX_ORDER_ID = 2_147_483_647;

/**
 * "12345" or "#12345" is an order number; a longer run of letters and digits (keys are 24+ characters in
 * the reference service; other services may differ) is an order key. Keys are case-sensitive, so the text
 * is kept as typed apart from surrounding spaces. Anything else is not an order reference.
 */
export function parseOrderRef(text: string): OrderRef | null {
  const value = text.trim().replace(/^#/, '');
  if (/^\d{1,10}$/.test(value)) {
    const id = Number(value);
    return id >= 1 && id <= MAX_ORDER_ID ? { kind: 'id', id } : null;
  }
  // A plain word ("bestellingen") is a search, not a key: a key mixes letters and digits, or is long.
  const looksLikeKey = (/\d/.test(value) && /[A-Za-z]/.test(value)) || value.length >= 20;
  if (/^[0-9A-Za-z_-]{6,128}$/.test(value) && looksLikeKey) return { kind: 'key', key: value };
  return null;
}

/** The app path of an order reference: `/orders/12345`, or `/orders/<key>` which finds the order first. */
export function orderRefPath(ref: OrderRef): string {
  return ref.kind === 'id' ? `/orders/${ref.id}` : `/orders/${encodeURIComponent(ref.key)}`;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A `YYYY-MM-DD` that is a real date, or ''. */
export function validIsoDate(value: string | null): string {
  if (!value || !ISO_DATE.test(value)) return '';
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : '';
}

/** The list's filter from the URL (`?changedSince=2026-11-01`); the page is read by the table itself. */
export function readChangedSince(search: URLSearchParams): string {
  return validIsoDate(search.get('changedSince'));
}

/** Sets or clears `changedSince` and goes back to page 1: another filter means other pages. */
export function withChangedSince(search: URLSearchParams, changedSince: string): URLSearchParams {
  const next = new URLSearchParams(search);
  next.delete('page');
  if (changedSince) next.set('changedSince', changedSince);
  else next.delete('changedSince');
  return next;
}
