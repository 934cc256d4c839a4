import { randomBytes } from 'node:crypto';
import type { CheckoutResponse } from '@/contract/partner-cart';
import type { Queryable, QueryResult } from '../../db/database';
import type { Client, ServiceDeps } from '../context';
import { ConflictError, ValidationError } from '../errors';
import { generalTakenByEvent } from './availability';
import type { CartRow } from './cart-row';
import { cartItemsOfCart } from './cart-views';
import { lockCartAndRead, orderOfCart, type ReadAlongWithCart } from './carts';
import { lockEvent } from './holds';
import { at, sellingStatement, sellingTransaction } from './selling-transaction';
import { findTicketType } from './ticket-types';

/**
 * Checkout (DESIGN.md decisions 6 and 7): one transaction on the locked cart turns its holds into sold
 * claims and its items into order lines. `orders.cart_id` is unique, so a cart makes at most one order;
 * a repeated (or concurrent) checkout finds that order and returns it again.
 *
 * Desk methods finish the order at once (`ord`, paid or — invoice — pending; `url` null). Online methods
 * leave a reservation (`res`/`none`) whose seats stay sold to it until it is paid or cancelled on the
 * payment page; `url` is that page.
 */

export interface PaymentMethodRow {
  id: number;
  name: string;
  fee_cents: number;
  kind: 'desk' | 'online';
  desk_status: 'paid' | 'pending';
}

export async function paymentMethodOf(
  tx: Queryable,
  clientId: number,
  paymentMethodId: number,
): Promise<PaymentMethodRow | undefined> {
  const { rows } = await tx.query<PaymentMethodRow>(
    'select id, name, fee_cents, kind, desk_status from payment_methods where client_id = $1 and id = $2',
    [clientId, paymentMethodId],
  );
  return rows[0];
}

/** The checkout's customer (its tags) and payment method, read in the statement that locks the cart. */
function customerAndMethodAlong(customerId: number, paymentMethodId: number): ReadAlongWithCart {
  return {
    columns: `cu.id is not null as customer_found, cu.tags as customer_tags, m.id as method_id, m.name as method_name,
              m.fee_cents as method_fee_cents, m.kind as method_kind, m.desk_status as method_desk_status`,
    joins: `left join customers cu on cu.client_id = k.client_id and cu.id = $3
            left join payment_methods m on m.client_id = k.client_id and m.id = $4`,
    params: [customerId, paymentMethodId],
  };
}

interface CustomerAndMethodColumns {
  customer_found: boolean;
  customer_tags: string[] | null;
  method_id: number | null;
  method_name: string | null;
  method_fee_cents: number | null;
  method_kind: PaymentMethodRow['kind'] | null;
  method_desk_status: PaymentMethodRow['desk_status'] | null;
}

function customerAndMethod(row: CustomerAndMethodColumns): {
  customer: { tags: string[] } | undefined;
  method: PaymentMethodRow | undefined;
} {
  const customer = row.customer_found ? { tags: row.customer_tags ?? [] } : undefined;
  const method: PaymentMethodRow | undefined =
    row.method_id !== null &&
    row.method_name !== null &&
    row.method_fee_cents !== null &&
    row.method_kind !== null &&
    row.method_desk_status !== null
      ? {
          id: row.method_id,
          name: row.method_name,
          fee_cents: row.method_fee_cents,
          kind: row.method_kind,
          desk_status: row.method_desk_status,
        }
      : undefined;
  return { customer, method };
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Where the payment page may send a buyer: https anywhere; plain http only to this machine (development). */
export function isAllowedRedirect(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === 'https:') return true;
  return parsed.protocol === 'http:' && LOOPBACK_HOSTS.has(parsed.hostname);
}

export function paymentPageUrl(origin: string, client: Client, orderKey: string): string {
  return `${origin}/v1/${encodeURIComponent(client.name)}/pay/${encodeURIComponent(orderKey)}`;
}

export const newOrderKey = () => randomBytes(16).toString('base64url');

interface CheckoutLine {
  id: number;
  item_type: string;
  event_id: number | null;
  seat_id: number | null;
  ticket_type_id: number | null;
  quantity: number;
  amount_cents: number;
  seating: 'reserved' | 'general' | null;
  capacity: number | null;
  required_tag: string | null;
  max_per_event: number | null;
  price_name: string | null;
}

/** Read as cartItemsOfCart explains. */
async function checkoutLines(tx: Queryable, cartId: string): Promise<CheckoutLine[]> {
  const { rows } = await tx.query<CheckoutLine>(
    `with ${cartItemsOfCart('$1')}
     select ci.id, ci.item_type, ci.event_id, ci.seat_id, ci.ticket_type_id, ci.quantity, ci.amount_cents,
            h.seating, h.capacity, t.required_tag, t.max_per_event, t.name as price_name
       from cart_items_of_cart ci
       left join lateral (select hall_id from events where id = ci.event_id limit 1) e on true
       left join lateral (select seating, capacity from halls where id = e.hall_id limit 1) h on true
       left join lateral (select required_tag, max_per_event, name from ticket_types where id = ci.ticket_type_id limit 1) t
         on true
      order by ci.id`,
    [cartId],
  );
  return rows;
}

/**
 * Counts again what was counted when the items were added, under the same event locks: another process
 * whose clock is a little ahead may have seen this cart's holds as lapsed and sold the places.
 */
async function recount(tx: Queryable, lines: readonly CheckoutLine[], now: Date): Promise<void> {
  const generalEvents = new Map<number, number>();
  const limitedTypes = new Map<number, { eventId: number; max: number }>();
  for (const line of lines) {
    if (line.event_id === null) continue;
    if (line.item_type === 'ticket' && line.seating === 'general') generalEvents.set(line.event_id, line.capacity ?? 0);
    if (line.ticket_type_id !== null && line.max_per_event !== null) {
      limitedTypes.set(line.ticket_type_id, { eventId: line.event_id, max: line.max_per_event });
    }
  }
  const eventIds = [...new Set([...generalEvents.keys(), ...[...limitedTypes.values()].map((t) => t.eventId)])];
  for (const eventId of eventIds.sort((a, b) => a - b)) await lockEvent(tx, eventId);
  if (generalEvents.size > 0) {
    const taken = await generalTakenByEvent(tx, [...generalEvents.keys()], now);
    for (const [eventId, capacity] of generalEvents) {
      if ((taken.get(eventId) ?? 0) > capacity)
        throw new ConflictError('Some places in this cart are no longer available.');
    }
  }
  for (const [ticketTypeId, { eventId, max }] of limitedTypes) {
    const ticketType = await findTicketType(tx, eventId, ticketTypeId, now);
    if ((ticketType?.used ?? 0) > max) throw new ConflictError(`Ticket type "${ticketType?.name}" is sold out.`);
  }
}

export interface CheckoutInput {
  customerId: number;
  method: PaymentMethodRow;
  redirectUrl: string | null;
  channel: 'sp' | 'www';
  customerTags: readonly string[];
  /** An online order lapses this long after checkout unless paid (PAYMENT_WINDOW_SECONDS). */
  paymentWindowSeconds: number;
}

/**
 * A cart whose holds lapsed lost its tickets; checking it out would sell what is left (a donation, a
 * voucher) as if that were the purchase. The buyer is told instead, with the lines that went.
 */
export function refuseLapsedCart(cart: CartRow): void {
  const lapsed = cart.lapsed_lines ?? [];
  if (lapsed.length === 0) return;
  throw new ValidationError('The holds of this cart lapsed: its tickets are no longer reserved. Add them again.', {
    cart: lapsed.map((line) => `Lapsed: ${line}`),
  });
}

/** A cart to check out has lines, and the customer has the tag of every tag-dependent price among them. */
function checkLines(lines: readonly CheckoutLine[], customerTags: readonly string[]): void {
  if (lines.length === 0) throw new ValidationError('The cart is empty.');
  for (const line of lines) {
    if (line.required_tag !== null && !customerTags.includes(line.required_tag)) {
      throw new ValidationError(
        `"${line.price_name}" is only for customers with the tag "${line.required_tag}"; this customer does not have it.`,
      );
    }
  }
}

/**
 * Makes the order of a locked, current (not lapsed) cart; `linesUnderLock` are its checkoutLines, read under
 * the lock (or read here when not given).
 */
export async function convertCart(
  tx: Queryable,
  client: Client,
  cart: CartRow,
  input: CheckoutInput,
  now: Date,
  linesUnderLock?: readonly CheckoutLine[],
): Promise<{ id: number; orderKey: string }> {
  refuseLapsedCart(cart);
  const lines = linesUnderLock ?? (await checkoutLines(tx, cart.id));
  checkLines(lines, input.customerTags);
  await recount(tx, lines, now);
  const orderKey = newOrderKey();
  return orderMade(tx, cart.id, lines, await insertOrder(tx, client, cart.id, input, now, orderKey), orderKey);
}

/**
 * Sends the one statement (one round trip) that makes the order: the order, its seats sold, its lines, the
 * cart emptied (the function make_order, migration 014, which the plain checkout calls too). Every part but
 * the order only happens when the order was inserted; all parts read the same snapshot, so the lines are
 * copied from the items the same statement deletes, and the amounts summed from them.
 */
function insertOrder(
  tx: Queryable,
  client: Client,
  cartId: string,
  input: CheckoutInput,
  now: Date,
  orderKey: string,
): Promise<QueryResult<{ id: number | null; sold: number }>> {
  const desk = input.method.kind === 'desk';
  const paymentDueAt = desk ? null : at(new Date(now.getTime() + input.paymentWindowSeconds * 1000));
  return tx.query<{ id: number | null; sold: number }>(
    `select id, sold from make_order($1, $2, $3, $4, $5, $6, $7, $8, $9::timestamptz, $10, $11, $12, $13::timestamptz)`,
    [
      client.id,
      orderKey,
      input.customerId,
      desk ? 'ord' : 'res',
      desk ? input.method.desk_status : 'none',
      input.channel,
      input.method.id,
      input.method.name,
      at(now),
      input.method.fee_cents,
      cartId,
      input.redirectUrl,
      paymentDueAt,
    ],
  );
}

/** What insertOrder made of the cart: its order, once every held seat of the lines was sold to it. */
async function orderMade(
  tx: Queryable,
  cartId: string,
  lines: readonly CheckoutLine[],
  converted: QueryResult<{ id: number | null; sold: number }>,
  orderKey: string,
): Promise<{ id: number; orderKey: string }> {
  const orderId = converted.rows[0]?.id ?? undefined;
  if (orderId === undefined || orderId === null) {
    // Only reachable if the cart lock were bypassed: another checkout of this cart won; use its order.
    const existing = await orderOfCart(tx, cartId);
    if (!existing) throw new ConflictError('The cart is being checked out.');
    return { id: existing.id, orderKey: existing.order_key };
  }
  // A hold lost meanwhile (taken over by a process whose clock saw it lapse): the whole checkout rolls back.
  const heldSeats = lines.filter((line) => line.seat_id !== null).length;
  if (converted.rows[0]?.sold !== heldSeats) throw new ConflictError('Some seats in this cart are no longer held.');
  return { id: orderId, orderKey };
}

function redirectError(): ValidationError {
  return new ValidationError('redirectURL must be an https URL (http only for localhost).', {
    redirectURL: ['Must be an https URL (http only for localhost).'],
  });
}

/** `POST /partner/cart/{cartId}/checkout`. */
export async function checkoutPartnerCart(
  deps: ServiceDeps,
  client: Client,
  cartId: string,
  body: { customerId: number; paymentMethodId: number; redirectURL?: string | undefined },
  origin: string,
): Promise<CheckoutResponse> {
  const now = deps.now();
  if (body.redirectURL !== undefined && !isAllowedRedirect(body.redirectURL)) throw redirectError();
  const atOnce = await checkoutAtOnce(deps, client, cartId, body, origin, now);
  if (atOnce) return atOnce;
  return sellingTransaction(deps.db, async (tx) => {
    // The lines are read in the lock's round trip (unused when the cart turns out checked out already).
    const { cart, value: lines } = await lockCartAndRead<CustomerAndMethodColumns, CheckoutLine[]>(
      tx,
      client.id,
      cartId,
      now,
      customerAndMethodAlong(body.customerId, body.paymentMethodId),
      () => checkoutLines(tx, cartId),
    );
    const existing = cart.checked_out ? await orderOfCart(tx, cart.id) : undefined;
    if (existing) {
      return {
        orderId: existing.id,
        orderKey: existing.order_key,
        url: existing.payment_kind === 'online' ? paymentPageUrl(origin, client, existing.order_key) : null,
      };
    }
    const { customer, method } = customerAndMethod(cart);
    if (!customer) {
      throw new ValidationError('Unknown customer.', { customerId: ['No customer with this id.'] });
    }
    if (!method) {
      throw new ValidationError('Unknown payment method.', { paymentMethodId: ['No payment method with this id.'] });
    }
    const order = await convertCart(tx, client, cart, checkoutInput(deps, body, method, customer.tags), now, lines);
    return {
      orderId: order.id,
      orderKey: order.orderKey,
      url: method.kind === 'online' ? paymentPageUrl(origin, client, order.orderKey) : null,
    };
  });
}

function checkoutInput(
  deps: ServiceDeps,
  body: { customerId: number; redirectURL?: string | undefined },
  method: PaymentMethodRow,
  customerTags: readonly string[],
): CheckoutInput {
  return {
    customerId: body.customerId,
    method,
    redirectUrl: body.redirectURL ?? null,
    channel: 'sp',
    customerTags,
    paymentWindowSeconds: deps.paymentWindowSeconds,
  };
}

/**
 * `checkoutPartnerCart` in one round trip, its commit included: the function partner_checkout (migration 014)
 * locks the cart, reads the customer, the method and the lines, and makes the order — when the cart is
 * current, the customer known with every tag its prices require, the method known, and no line must be
 * counted again under its event's lock. Anything else (a checked-out or lapsed cart, an unknown customer or
 * method, an empty cart, a seat no longer held) rolls it all back and returns undefined: the usual path
 * decides and answers as it always did.
 */
async function checkoutAtOnce(
  deps: ServiceDeps,
  client: Client,
  cartId: string,
  body: { customerId: number; paymentMethodId: number; redirectURL?: string | undefined },
  origin: string,
  now: Date,
): Promise<CheckoutResponse | undefined> {
  const orderKey = newOrderKey();
  const rows = await sellingStatement<{ order_id: number; online: boolean }>(
    deps.db,
    'select order_id, online from partner_checkout($1, $2, $3, $4, $5, $6, $7, $8::timestamptz, $9)',
    [
      client.id,
      cartId,
      body.customerId,
      body.paymentMethodId,
      orderKey,
      'sp',
      body.redirectURL ?? null,
      at(now),
      deps.paymentWindowSeconds,
    ],
  );
  const made = rows?.[0];
  if (!made) return undefined;
  return { orderId: made.order_id, orderKey, url: made.online ? paymentPageUrl(origin, client, orderKey) : null };
}

export { redirectError };
