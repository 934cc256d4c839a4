import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../../db/database';
import { NotFoundError } from '../errors';
import type { CartRow } from './cart-row';
import { type CartLine, toCartLines } from './cart-views';
import { at, inSendingOrder, sellingTransaction } from './selling-transaction';

/**
 * Carts (DESIGN.md decisions 1 and 8). A cart id is a capability: 144 random bits, base64url. A cart
 * belongs to one client; any other client (or an unknown id) gets 404.
 *
 * Expiry is read from the database, so every process sharing it agrees: a cart whose `expires_at` is at
 * or before the request clock has lost its ticket items. They are purged lazily — whenever the cart is
 * read or changed — together with its seat holds (only those still its own: a lapsed hold may already
 * have been taken over). Donations, vouchers and products hold nothing and stay. The cart stays usable.
 */

export const CART_NOT_FOUND = 'Cart not found';

export function newCartId(): string {
  return randomBytes(18).toString('base64url');
}

export async function createCart(db: Queryable, clientId: number, now: Date): Promise<string> {
  const id = newCartId();
  await db.query('insert into carts (id, client_id, created_at) values ($1, $2, $3::timestamptz)', [
    id,
    clientId,
    at(now),
  ]);
  return id;
}

/** Cart ids are short base64url strings; anything else cannot exist, so it is not even looked up. */
const plausibleCartId = (cartId: string) => /^[A-Za-z0-9_-]{1,64}$/.test(cartId);

export const isLapsed = (cart: CartRow, now: Date) =>
  cart.expires_at !== null && cart.expires_at.getTime() <= now.getTime();

/**
 * More to read in the statement that locks the cart, saving a round trip: columns and left joins (their
 * parameters are numbered from $3). Rows of the joined tables are read as of the statement's start, not
 * re-read after a wait for the lock, so only what the cart lock does not protect belongs here.
 */
export interface ReadAlongWithCart {
  columns: string;
  joins: string;
  params: readonly unknown[];
}

async function findCart<Extra extends object>(
  db: Queryable,
  clientId: number,
  cartId: string,
  lock: boolean,
  along?: ReadAlongWithCart,
): Promise<CartRow & Extra> {
  if (!plausibleCartId(cartId)) throw new NotFoundError(CART_NOT_FOUND);
  // `checked_out` is a column of the cart row (set by a trigger when its order is inserted, migration 005):
  // a statement that waited for the lock re-reads the row it locked, so it sees an order committed by the
  // previous lock holder (a concurrent checkout) — which a subquery on orders would miss.
  const { rows } = await db.query<CartRow & Extra>(
    `select k.id, k.client_id, k.expires_at, k.checked_out, (select n from catalog_version)::text as catalog_version
            ${along ? `, ${along.columns}` : ''}
       from carts k ${along?.joins ?? ''}
      where k.id = $1 and k.client_id = $2${lock ? ' for update of k' : ''}`,
    [cartId, clientId, ...(along?.params ?? [])],
  );
  const cart = rows[0];
  if (!cart) throw new NotFoundError(CART_NOT_FOUND);
  return { ...cart, expires_at: cart.expires_at === null ? null : new Date(cart.expires_at) };
}

/** Drops what a lapsed cart held: its ticket items and its own hold claims. */
async function purgeLapsed<Cart extends CartRow>(tx: Queryable, cart: Cart): Promise<Cart> {
  await tx.query(`delete from seat_claims where cart_id = $1 and state = 'hold'`, [cart.id]);
  const { rows } = await tx.query<{ description: string }>(
    `delete from cart_items where cart_id = $1 and item_type = 'ticket' returning id, description`,
    [cart.id],
  );
  await tx.query('update carts set expires_at = null where id = $1', [cart.id]);
  return { ...cart, expires_at: null, lapsed_lines: rows.map((row) => row.description) };
}

/**
 * Locks the cart for a change (serialising everything done to one cart: adds, deletes, checkout) and
 * purges it first when it has lapsed. `along` reads more in the same statement.
 */
export async function lockCart<Extra extends object = object>(
  tx: Queryable,
  clientId: number,
  cartId: string,
  now: Date,
  along?: ReadAlongWithCart,
): Promise<CartRow & Extra> {
  const cart = await findCart<Extra>(tx, clientId, cartId, true, along);
  return isLapsed(cart, now) ? purgeLapsed(tx, cart) : cart;
}

/**
 * `lockCart` and a read of what the lock protects (the cart's items), the read sent right behind the lock
 * statement without waiting for its answer: on a server both share one round trip. The read still runs
 * after the lock is taken, so it sees what the previous lock holder committed. When the cart had lapsed,
 * the read is done again after the purge.
 */
export async function lockCartAndRead<Extra extends object, T>(
  tx: Queryable,
  clientId: number,
  cartId: string,
  now: Date,
  along: ReadAlongWithCart | undefined,
  read: () => Promise<T>,
): Promise<{ cart: CartRow & Extra; value: T }> {
  const [cart, value] = await inSendingOrder([findCart<Extra>(tx, clientId, cartId, true, along), read()]);
  if (!isLapsed(cart, now)) return { cart, value };
  return { cart: await purgeLapsed(tx, cart), value: await read() };
}

/** The cart for reading; a lapsed one is purged first (in its own short transaction). */
export async function currentCart(db: Database, clientId: number, cartId: string, now: Date): Promise<CartRow> {
  const cart = await findCart(db, clientId, cartId, false);
  if (!isLapsed(cart, now)) return cart;
  return sellingTransaction(db, (tx) => lockCart(tx, clientId, cartId, now));
}

/**
 * After an add: every hold of the cart now lapses at `expiresAt` (= last add + timeout), the same instant
 * as the cart. A ticket item whose seat is no longer held by this cart (its hold lapsed and was taken over
 * in the instant before this add) is dropped rather than left pointing at someone else's seat. Returns the
 * cart's lines as they are then.
 */
export async function extendCart(tx: Queryable, cartId: string, expiresAt: Date): Promise<CartLine[]> {
  // One statement (one round trip): the function extend_cart (migration 014, the plain partner add calls it
  // too). Holds taken by this add already lapse at `expiresAt`: only the earlier
  // ones are rewritten (a row version, and its change-counter note, saved per seat). The claims' cart_id is
  // not changed by the CTEs, so the delete sees the same ownership whether it reads before or after them.
  // The lines are read from the statement's snapshot, which holds the items of earlier statements but not
  // this one's delete: the dropped ones are left out.
  const { rows } = await tx.query<CartLine>('select * from extend_cart($1, $2::timestamptz)', [cartId, at(expiresAt)]);
  return toCartLines(rows);
}

/** The order made from this cart, if it was checked out. */
export async function orderOfCart(
  db: Queryable,
  cartId: string,
): Promise<{ id: number; order_key: string; payment_kind: string | null } | undefined> {
  const { rows } = await db.query<{ id: number; order_key: string; payment_kind: string | null }>(
    `select o.id, o.order_key, m.kind as payment_kind
       from orders o left join payment_methods m on m.id = o.payment_method_id
      where o.cart_id = $1`,
    [cartId],
  );
  return rows[0];
}

/** Removes one item; a held seat goes back on sale at once. */
export async function deleteCartItem(
  db: Database,
  clientId: number,
  cartId: string,
  itemId: string,
  now: Date,
): Promise<void> {
  await sellingTransaction(db, async (tx) => {
    await lockCart(tx, clientId, cartId, now);
    // Item ids are int4: anything else names no item (404), never a database range error.
    const id = /^\d{1,10}$/.test(itemId) && Number(itemId) <= 2_147_483_647 ? Number(itemId) : 0;
    const { rows } = await tx.query<{ event_id: number | null; seat_id: number | null }>(
      'delete from cart_items where cart_id = $1 and id = $2 returning event_id, seat_id',
      [cartId, id],
    );
    const item = rows[0];
    if (!item) throw new NotFoundError('Cart item not found');
    if (item.seat_id !== null) {
      await tx.query(
        `delete from seat_claims where event_id = $1 and seat_id = $2 and cart_id = $3 and state = 'hold'`,
        [item.event_id, item.seat_id, cartId],
      );
    }
  });
}

/** Abandons the cart: its items and holds go (cascade), its seats are on sale again. */
export async function deleteCart(db: Database, clientId: number, cartId: string): Promise<void> {
  if (!plausibleCartId(cartId)) throw new NotFoundError(CART_NOT_FOUND);
  const { rowCount } = await db.query('delete from carts where id = $1 and client_id = $2', [cartId, clientId]);
  if (rowCount === 0) throw new NotFoundError(CART_NOT_FOUND);
}
