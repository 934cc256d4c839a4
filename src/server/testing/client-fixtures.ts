import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/database';
import { hashApiKey } from '../service/auth';
import { DEMO, HARBOUR } from './test-service';

/**
 * One row of every partner resource, owned by one client and marked with a string found nowhere else,
 * so isolation tests can look for the marker in another client's responses. Added beside the demo data
 * (which need not hold every kind of row for both clients).
 */
export interface ClientFixture {
  client: string;
  apiKey: string;
  clientId: number;
  marker: string;
  hallId: number;
  rankId: number;
  sectionId: number;
  seatId: number;
  productionId: number;
  eventId: number;
  ticketTypeId: number;
  customerId: number;
  customerEmail: string;
  paymentMethodId: number;
  orderId: number;
  orderKey: string;
  cartId: string;
  cartItemId: number;
}

const CLIENTS = [DEMO, HARBOUR] as const;

/** The two demo clients, created when the seed has not (so auth can be tested on any database state). */
export async function ensureDemoClients(db: Queryable): Promise<void> {
  for (const { client, apiKey } of CLIENTS) {
    await db.query(
      `insert into clients (name, display_name, time_zone, currency, api_key_hash)
       values ($1, $2, 'Europe/Amsterdam', 'EUR', $3) on conflict (name) do nothing`,
      [client, client, hashApiKey(apiKey)],
    );
  }
}

async function insertId<Id = number>(db: Queryable, sql: string, params: unknown[]): Promise<Id> {
  const { rows } = await db.query<{ id: Id }>(`${sql} returning id`, params);
  const id = rows[0]?.id;
  if (id === undefined) throw new Error(`fixture insert returned no id: ${sql}`);
  return id;
}

export async function createClientFixture(
  db: Queryable,
  who: { client: string; apiKey: string },
): Promise<ClientFixture> {
  await ensureDemoClients(db);
  const { rows } = await db.query<{ id: number }>('select id from clients where name = $1', [who.client]);
  const clientId = rows[0]?.id;
  if (clientId === undefined) throw new Error(`client ${who.client} missing`);
  const marker = `isolation-probe-${who.client}-${randomBytes(6).toString('hex')}`;

  const hallId = await insertId(
    db,
    `insert into halls (client_id, name, address, city, seating, capacity) values ($1, $2, $2, $2, 'reserved', 1)`,
    [clientId, `${marker} hall`],
  );
  const rankId = await insertId(db, 'insert into ranks (hall_id, name, position) values ($1, $2, 1)', [
    hallId,
    `${marker} rank`,
  ]);
  const sectionId = await insertId(db, 'insert into sections (hall_id, name, position) values ($1, $2, 1)', [
    hallId,
    `${marker} section`,
  ]);
  const seatId = await insertId(
    db,
    'insert into seats (hall_id, section_id, row_nr, seat_nr, rank_id, quality) values ($1, $2, 1, 1, $3, 1)',
    [hallId, sectionId, rankId],
  );
  const productionId = await insertId(
    db,
    'insert into productions (client_id, title, artist, text, short_text) values ($1, $2, $2, $2, $2)',
    [clientId, `${marker} production`],
  );
  const eventId = await insertId(
    db,
    `insert into events (client_id, production_id, hall_id, name, text, event_type, starts_at, ends_at)
     values ($1, $2, $3, $4, $4, 'event', now() + interval '30 days', now() + interval '30 days 2 hours')`,
    [clientId, productionId, hallId, `${marker} event`],
  );
  await db.query('insert into event_prices (event_id, rank_id, amount_cents) values ($1, $2, 2500)', [eventId, rankId]);
  const ticketTypeId = await insertId(
    db,
    `insert into ticket_types (event_id, rank_id, name, discount_type, discount_value) values ($1, $2, $3, '€', 0)`,
    [eventId, rankId, `${marker} ticket type`],
  );
  const customerEmail = `${marker}@example.test`;
  const customerId = await insertId(
    db,
    `insert into customers (client_id, email, first_name, last_name, city) values ($1, $2, $3, $3, $3)`,
    [clientId, customerEmail, `${marker} customer`],
  );
  const paymentMethodId = await insertId(
    db,
    `insert into payment_methods (client_id, name, fee_cents, kind) values ($1, $2, 0, 'desk')`,
    [clientId, `${marker} payment`],
  );
  const orderKey = `${marker}-order`;
  const orderId = await insertId(
    db,
    `insert into orders (client_id, order_key, customer_id, status, payment_status, channel, payment_method_id,
       handling_text, order_date, amount_cents, last_changed)
     values ($1, $2, $3, 'ord', 'paid', 'sp', $4, $5, now(), 2500, now())`,
    [clientId, orderKey, customerId, paymentMethodId, `${marker} handling`],
  );
  await db.query(
    `insert into order_seats (order_id, event_id, seat_id, rank_id, row_nr, seat_nr, amount_cents, ticket_type_id, price_name)
     values ($1, $2, $3, $4, 1, 1, 2500, $5, $6)`,
    [orderId, eventId, seatId, rankId, ticketTypeId, `${marker} price`],
  );
  await db.query(`insert into seat_claims (event_id, seat_id, state, order_id) values ($1, $2, 'sold', $3)`, [
    eventId,
    seatId,
    orderId,
  ]);
  const { cartId, cartItemId } = await createFixtureCart(db, clientId, marker);
  return {
    client: who.client,
    apiKey: who.apiKey,
    clientId,
    marker,
    hallId,
    rankId,
    sectionId,
    seatId,
    productionId,
    eventId,
    ticketTypeId,
    customerId,
    customerEmail,
    paymentMethodId,
    orderId,
    orderKey,
    cartId,
    cartItemId,
  };
}

/** Values for the path parameters of every route, pointing at the fixture's own rows. */
export function fixturePathValues(fixture: ClientFixture): Record<string, string | number> {
  return {
    client_name: fixture.client,
    customerId: fixture.customerId,
    eventId: fixture.eventId,
    event_id: fixture.eventId,
    productionId: fixture.productionId,
    hallId: fixture.hallId,
    orderId: fixture.orderId,
    order_key: fixture.orderKey,
    cartId: fixture.cartId,
    cart_id: fixture.cartId,
    itemId: fixture.cartItemId,
    seat_id: fixture.cartItemId,
  };
}

/** A cart of the client holding one donation line (tests that delete or check out carts want fresh ones). */
export async function createFixtureCart(
  db: Queryable,
  clientId: number,
  marker: string,
): Promise<{ cartId: string; cartItemId: number }> {
  const cartId = randomBytes(18).toString('base64url');
  await db.query(`insert into carts (id, client_id, expires_at) values ($1, $2, now() + interval '15 minutes')`, [
    cartId,
    clientId,
  ]);
  const cartItemId = await insertId(
    db,
    `insert into cart_items (cart_id, item_type, amount_cents, description) values ($1, 'donation', 500, $2)`,
    [cartId, `${marker} donation`],
  );
  return { cartId, cartItemId };
}
