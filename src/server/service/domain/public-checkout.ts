import type { OrderCreateRequest, OrderCreateResponse } from '@/contract/order-create';
import type { Queryable } from '../../db/database';
import type { Client, ServiceDeps } from '../context';
import { ValidationError } from '../errors';
import { lockCart, orderOfCart } from './carts';
import {
  convertCart,
  isAllowedRedirect,
  paymentMethodOf,
  paymentPageUrl,
  redirectError,
  refuseLapsedCart,
} from './checkout';
import { at, sellingTransaction } from './selling-transaction';

/**
 * `POST /order/create` (spec 2.5): the webshop's checkout. The buyer becomes (or is linked to, by email,
 * case-insensitively) a customer of the client; only online payment methods can be chosen, since the
 * buyer pays on the payment page the answer links to. Idempotent per cart, like the partner checkout.
 */

/**
 * The customer with this email, created when there is none (with the buyer's data and both ticks as given).
 * Anyone can type anyone's email into a webshop, so for a customer that exists the anonymous order changes
 * nothing but what the buyer can only add for themselves: consent ticked (`'1'`) is added where it was not
 * given yet; an unticked box never withdraws consent given before ('1' stays '1'), and name, address and
 * phone are never overwritten. Only an actual addition moves lastChanged.
 */
async function customerFor(tx: Queryable, client: Client, body: OrderCreateRequest, now: Date) {
  const prefs: Record<string, string> = {};
  if (body.avg_optin !== undefined) prefs.user_prefs_optin = body.avg_optin ? '1' : '0';
  if (body.avg_mailinglist !== undefined) prefs.user_prefs_mailinglist = body.avg_mailinglist ? '1' : '0';
  const hasPrefs = Object.keys(prefs).length > 0;
  // A concurrent order with the same email may create the customer first: the unique index decides, and
  // the row is then read back.
  const inserted = await tx.query(
    `insert into customers (client_id, email, first_name, last_name, phone, address, city, zip, prefs, last_changed)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10::timestamptz)
     on conflict do nothing
     returning id`,
    [
      client.id,
      body.email,
      body.firstname,
      body.lastname,
      body.phone ?? '',
      body.address ?? '',
      body.city ?? '',
      body.zip ?? '',
      hasPrefs ? JSON.stringify(prefs) : null,
      at(now),
    ],
  );
  const { rows } = await tx.query<{ id: number; tags: string[]; prefs: Record<string, unknown> | null }>(
    'select id, tags, prefs from customers where client_id = $1 and lower(email) = lower($2)',
    [client.id, body.email],
  );
  const customer = rows[0];
  if (!customer) throw new Error('customer insert neither created nor found a row');
  const created = inserted.rows.length > 0;
  const changes = created
    ? []
    : Object.entries(prefs).filter(([key, value]) => value === '1' && !isGiven(customer.prefs?.[key]));
  if (changes.length > 0) {
    await tx.query(
      `update customers set prefs = coalesce(prefs, '{}'::jsonb) || $2::jsonb, last_changed = $3::timestamptz
        where id = $1`,
      [customer.id, JSON.stringify(Object.fromEntries(changes)), at(now)],
    );
  }
  return customer;
}

/** A consent flag as stored in any of its legacy forms ("1", 1, true). */
const isGiven = (value: unknown) => value === '1' || value === 1 || value === true || value === 'true';

export async function createPublicOrder(
  deps: ServiceDeps,
  client: Client,
  body: OrderCreateRequest,
  origin: string,
): Promise<OrderCreateResponse> {
  const now = deps.now();
  if (!isAllowedRedirect(body.redirectURL)) throw redirectError();
  return sellingTransaction(deps.db, async (tx) => {
    const cart = await lockCart(tx, client.id, body.cart_id, now);
    const existing = cart.checked_out ? await orderOfCart(tx, cart.id) : undefined;
    if (existing) return [{ url: paymentPageUrl(origin, client, existing.order_key), order_key: existing.order_key }];
    refuseLapsedCart(cart);
    const method = await paymentMethodOf(tx, client.id, body.payment_id);
    if (method?.kind !== 'online') {
      throw new ValidationError('Unknown payment method.', {
        payment_id: ['Not an online payment method of this client.'],
      });
    }
    const customer = await customerFor(tx, client, body, now);
    const order = await convertCart(
      tx,
      client,
      cart,
      {
        customerId: customer.id,
        method,
        redirectUrl: body.redirectURL,
        channel: 'www',
        customerTags: customer.tags,
        paymentWindowSeconds: deps.paymentWindowSeconds,
      },
      now,
    );
    return [{ url: paymentPageUrl(origin, client, order.orderKey), order_key: order.orderKey }];
  });
}
