import type { PartnerCart, PartnerCartItem, PartnerCartSummary } from '@/contract/partner-cart';
import type { PublicCart, PublicCartItem } from '@/contract/public-cart';
import type { Queryable } from '../../db/database';
import { localParts } from '../../time';
import type { CartRow } from './cart-row';
import { centsToDecimalString, centsToNumber } from './money';
import { zonedIso } from './zoned-timestamps';

/** One cart line with what both views show of it. */
export interface CartLine {
  id: number;
  item_type: 'ticket' | 'donation' | 'voucher' | 'product';
  event_id: number | null;
  ticket_type_id: number | null;
  rank_id: number | null;
  seat_id: number | null;
  quantity: number;
  amount_cents: number;
  description: string;
  event_name: string | null;
  starts_at: Date | null;
  hall_name: string | null;
  rank_name: string | null;
  price_name: string | null;
  section_name: string | null;
  row_nr: number | null;
  seat_nr: number | null;
}

/**
 * The items of one cart (its id the query parameter `cartIdParam`, say `$1`) as a CTE named
 * `cart_items_of_cart`, for a query's `with` list: CART_LINES_SELECT and the checkout read them.
 *
 * Materialised, so it is planned on its own and always goes through the `cart_id` index; what is read per
 * line is then looked up by primary key (`lateral … limit 1` keeps the planner from making joins of the
 * lookups again). A cart has a few lines, but the planner cannot know that while `cart_items` has no
 * statistics (a new database, or one autovacuum has not analysed yet): it then expects dozens of lines
 * per cart and, left to itself, hashed the whole of `ticket_types` (6,000 rows) on every checkout, or
 * walked every cart's items in id order to save sorting two lines.
 */
export const cartItemsOfCart = (cartIdParam: string) =>
  `cart_items_of_cart as materialized (select * from cart_items where cart_id = ${cartIdParam})`;

/** A CartLine's columns, from the cartItemsOfCart CTE as `ci`; the caller adds any where, and the order. */
export const CART_LINES_SELECT = `select ci.id, ci.item_type, ci.event_id, ci.ticket_type_id, ci.rank_id, ci.seat_id, ci.quantity,
            ci.amount_cents, ci.description, e.name as event_name, e.starts_at, h.name as hall_name,
            r.name as rank_name, t.name as price_name, sec.name as section_name, s.row_nr, s.seat_nr
       from cart_items_of_cart ci
       left join lateral (select name, starts_at, hall_id from events where id = ci.event_id limit 1) e on true
       left join lateral (select name from halls where id = e.hall_id limit 1) h on true
       left join lateral (select name from ranks where id = ci.rank_id limit 1) r on true
       left join lateral (select name from ticket_types where id = ci.ticket_type_id limit 1) t on true
       left join lateral (select row_nr, seat_nr, section_id from seats where id = ci.seat_id limit 1) s on true
       left join lateral (select name from sections where id = s.section_id limit 1) sec on true`;

export const toCartLines = (rows: readonly CartLine[]): CartLine[] =>
  rows.map((row) => ({ ...row, starts_at: row.starts_at === null ? null : new Date(row.starts_at) }));

export async function cartLines(db: Queryable, cartId: string): Promise<CartLine[]> {
  const { rows } = await db.query<CartLine>(`with ${cartItemsOfCart('$1')} ${CART_LINES_SELECT} order by ci.id`, [
    cartId,
  ]);
  return toCartLines(rows);
}

const totalCents = (lines: readonly CartLine[]) => lines.reduce((sum, line) => sum + line.amount_cents, 0);

/** Public cart (spec 2.4): items, then `{ totalprice }`; empty: `[{ cart: 0 }]`. */
export function toPublicCart(lines: readonly CartLine[], timeZone: string): PublicCart {
  if (lines.length === 0) return [{ cart: 0 }];
  const items = lines.map((line): PublicCartItem => {
    const local = line.starts_at ? localParts(line.starts_at, timeZone) : null;
    return {
      seat_id: String(line.id),
      seat_row_nr: String(line.row_nr ?? 0),
      seat_nr: String(line.seat_nr ?? 0),
      pmp_name: line.section_name,
      event_id: line.event_id ?? 0,
      event_name: line.event_name ?? line.description,
      location_name: line.hall_name ?? '',
      event_date: local ? `${local.day}-${local.month}-${local.year}` : '',
      event_time: local ? `${local.hour}:${local.minute}` : '',
      numberoftickets: line.quantity,
      seat_price: centsToDecimalString(line.amount_cents),
      category_name: line.rank_name ?? '',
      discount_id: line.ticket_type_id === null ? '' : String(line.ticket_type_id),
      discount_name: line.price_name ?? line.description,
    };
  });
  return [...items, { totalprice: centsToDecimalString(totalCents(lines)) }];
}

function toPartnerItem(line: CartLine): PartnerCartItem {
  const item: PartnerCartItem = {
    itemType: line.item_type,
    itemId: String(line.id),
    eventId: line.event_id,
    priceId: line.ticket_type_id === null ? line.item_type : String(line.ticket_type_id),
    priceName: line.price_name ?? line.description,
    description: line.description,
    amount: centsToNumber(line.amount_cents),
    numberOfTickets: line.quantity,
  };
  if (line.rank_id !== null) item.rankId = line.rank_id;
  if (line.seat_id !== null) {
    item.seatId = String(line.seat_id);
    item.rowNr = line.row_nr ?? 0;
    item.seatNr = line.seat_nr ?? 0;
  }
  return item;
}

/** Partner cart summary (spec 2.10); `timeOut` is the request time when the cart holds nothing. */
export function toPartnerSummary(
  cart: CartRow,
  lines: readonly CartLine[],
  timeZone: string,
  now: Date,
): PartnerCartSummary {
  return {
    cartId: cart.id,
    timeOut: zonedIso(cart.expires_at ?? now, timeZone),
    numberOfItems: lines.length,
    amount: centsToNumber(totalCents(lines)),
  };
}

export function toPartnerCart(cart: CartRow, lines: readonly CartLine[], timeZone: string, now: Date): PartnerCart {
  return { ...toPartnerSummary(cart, lines, timeZone, now), cartItems: lines.map(toPartnerItem) };
}
