import type { Queryable } from '../../db/database';
import { percentOff } from './money';

/**
 * Ticket types (spec 2.3): the discount records of a sub-event, one rank each. This module owns their
 * price and their visibility rules, so the public list, the partner views and selling all apply the same
 * ones.
 *
 * Price, from the rank's base price for the event (`event_prices`):
 * - `€`: `discount_value` cents off, never below 0;
 * - `%`: `discount_value` basis points off, the discount rounded half up to the cent (money.ts percentOff);
 * - `=`: the price is overruled to `discount_value` cents.
 * A ticket type whose rank has no base price for the event cannot be priced and is left out everywhere.
 *
 * Usage of a ticket type = ticket quantities in live carts (`carts.expires_at > now`) + order lines
 * (`order_seats`) that are not deleted.
 */

export type DiscountType = '€' | '%' | '=';

export interface TicketType {
  id: number;
  eventId: number;
  rankId: number;
  rankName: string;
  name: string;
  discountType: DiscountType;
  /** Cents for `€` and `=`, basis points (1/100 %) for `%`. */
  discountValue: number;
  /** Base price of the rank for the event, cents. */
  baseCents: number;
  /** Final price, cents. */
  priceCents: number;
  maxPerOrder: number | null;
  maxPerEvent: number | null;
  validFrom: Date | null;
  validUntil: Date | null;
  requiredTag: string | null;
  /** Tickets of this type in live carts plus non-deleted order lines. */
  used: number;
}

/**
 * Who is buying:
 * - `public`: the public group — tag-dependent types never appear;
 * - `partner` without `customerTags`: a sales point before the customer is known — tag-dependent types
 *   are allowed (the partner sees all);
 * - `partner` with `customerTags`: only tag-dependent types whose tag the customer holds.
 */
export type SaleContext = { group: 'public' } | { group: 'partner'; customerTags?: readonly string[] };

/** The final price in cents of a base price with a discount applied. */
export function discountedPrice(baseCents: number, discountType: DiscountType, discountValue: number): number {
  switch (discountType) {
    case '€':
      return Math.max(0, baseCents - discountValue);
    case '%':
      return percentOff(baseCents, discountValue);
    case '=':
      return discountValue;
  }
}

/** Why a ticket type cannot be sold in a context now, or null when it can. */
export type Unsellable = 'tag' | 'window' | 'sold_out';

/**
 * The visibility rules of spec 2.3 for one ticket type. A type whose per-order maximum is already in the
 * cart still appears (that is a cart rule, enforced when adding).
 */
export function unsellableReason(ticketType: TicketType, context: SaleContext, now: Date): Unsellable | null {
  if (ticketType.requiredTag !== null) {
    if (context.group === 'public') return 'tag';
    if (context.customerTags && !context.customerTags.includes(ticketType.requiredTag)) return 'tag';
  }
  const at = now.getTime();
  if (ticketType.validFrom && at < ticketType.validFrom.getTime()) return 'window';
  if (ticketType.validUntil && at > ticketType.validUntil.getTime()) return 'window';
  if (ticketType.maxPerEvent !== null && ticketType.used >= ticketType.maxPerEvent) return 'sold_out';
  return null;
}

export function isSellable(ticketType: TicketType, context: SaleContext, now: Date): boolean {
  return unsellableReason(ticketType, context, now) === null;
}

interface TicketTypeRow {
  id: number;
  event_id: number;
  rank_id: number;
  rank_name: string;
  name: string;
  discount_type: DiscountType;
  discount_value: number;
  base_cents: number;
  max_per_order: number | null;
  max_per_event: number | null;
  valid_from: Date | string | null;
  valid_until: Date | string | null;
  required_tag: string | null;
  used: number;
}

const asDate = (value: Date | string | null): Date | null =>
  value === null ? null : value instanceof Date ? value : new Date(value);

function toTicketType(row: TicketTypeRow): TicketType {
  return {
    id: row.id,
    eventId: row.event_id,
    rankId: row.rank_id,
    rankName: row.rank_name,
    name: row.name,
    discountType: row.discount_type,
    discountValue: row.discount_value,
    baseCents: row.base_cents,
    priceCents: discountedPrice(row.base_cents, row.discount_type, row.discount_value),
    maxPerOrder: row.max_per_order,
    maxPerEvent: row.max_per_event,
    validFrom: asDate(row.valid_from),
    validUntil: asDate(row.valid_until),
    requiredTag: row.required_tag,
    used: row.used,
  };
}

const USAGE_JOIN = `
       left join (
         select ticket_type_id, sum(n) as used from (
           select ci.ticket_type_id, sum(ci.quantity) as n
             from cart_items ci join carts k on k.id = ci.cart_id
            where ci.event_id = any($1::int[]) and ci.item_type = 'ticket' and k.expires_at > $2::timestamptz
            group by ci.ticket_type_id
           union all
           select os.ticket_type_id, count(*) as n
             from order_seats os
            where os.event_id = any($1::int[]) and os.deleted_at is null and os.ticket_type_id is not null
            group by os.ticket_type_id
         ) parts group by ticket_type_id
       ) u on u.ticket_type_id = t.id`;

/**
 * All ticket types of the events (whatever their visibility), priced, in display order (rank position,
 * type position, id). With `withUsage: false` the usage count is skipped (reported as 0): price lists do
 * not need it and it scans the events' order lines. Does not check the client: callers pass ids they scoped.
 */
export async function ticketTypesOfEvents(
  db: Queryable,
  eventIds: readonly number[],
  now: Date,
  options: { withUsage?: boolean } = {},
): Promise<Map<number, TicketType[]>> {
  const byEvent = new Map<number, TicketType[]>();
  if (eventIds.length === 0) return byEvent;
  const withUsage = options.withUsage ?? true;
  const { rows } = await db.query<TicketTypeRow>(
    `select t.id, t.event_id, t.rank_id, r.name as rank_name, t.name, t.discount_type, t.discount_value,
            p.amount_cents as base_cents, t.max_per_order, t.max_per_event, t.valid_from, t.valid_until,
            t.required_tag, ${withUsage ? 'coalesce(u.used, 0)::int' : '0'} as used
       from ticket_types t
       join ranks r on r.id = t.rank_id
       join event_prices p on p.event_id = t.event_id and p.rank_id = t.rank_id
       ${withUsage ? USAGE_JOIN : ''}
      where t.event_id = any($1::int[])
      order by t.event_id, r.position, t.position, t.id`,
    withUsage ? [[...new Set(eventIds)], now.toISOString()] : [[...new Set(eventIds)]],
  );
  for (const row of rows) {
    const list = byEvent.get(row.event_id) ?? [];
    list.push(toTicketType(row));
    byEvent.set(row.event_id, list);
  }
  return byEvent;
}

/** All ticket types of one event (partner views: prices, seating plan price levels). */
export async function ticketTypesOfEvent(
  db: Queryable,
  eventId: number,
  now: Date,
  options: { withUsage?: boolean } = {},
): Promise<TicketType[]> {
  return (await ticketTypesOfEvents(db, [eventId], now, options)).get(eventId) ?? [];
}

/** The ticket types of an event that can be sold in the context now (spec 2.3's visibility rules). */
export async function sellableTicketTypes(
  db: Queryable,
  eventId: number,
  context: SaleContext,
  now: Date,
): Promise<TicketType[]> {
  const all = await ticketTypesOfEvent(db, eventId, now);
  return all.filter((ticketType) => isSellable(ticketType, context, now));
}

/**
 * One ticket type of an event, for a sale: undefined when the id does not belong to the event (or has no
 * base price). The caller checks `unsellableReason` and the per-order maximum.
 */
export async function findTicketType(
  db: Queryable,
  eventId: number,
  ticketTypeId: number,
  now: Date,
): Promise<TicketType | undefined> {
  const all = await ticketTypesOfEvent(db, eventId, now);
  return all.find((ticketType) => ticketType.id === ticketTypeId);
}
